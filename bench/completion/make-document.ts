import { createCanvas } from "@napi-rs/canvas";
import type { CompletionData } from "@/lib/server/completion/load-completion-data";
import type { FieldDefinition, PageInfo } from "@/lib/server/db/schema";
import type { Storage } from "@/lib/server/storage/storage";

/**
 * The completion data of an executed document as loadCompletionData reads it
 * from the database: `pages` pages, 10 fields (per signer: signature,
 * initials, a date, a text and a checkbox), 2 signers who both signed, their
 * signature images in storage, and an audit trail of the usual entries with
 * a chain head. Made directly (no database): the bench times the completion
 * job's work, not the queries.
 */
export async function makeCompletionData(storage: Storage, pages: number): Promise<CompletionData> {
  const documentId = "bench0000000000000000000000000000";
  const roles = ["Client", "Manager"];
  const fields: FieldDefinition[] = [];
  const values: { fieldId: string; value: string }[] = [];
  for (const [r, role] of roles.entries()) {
    const page = r === 0 ? Math.ceil(pages / 2) : pages;
    const add = (type: FieldDefinition["type"], i: number, value: string, width = 0.3, height = 0.05) => {
      const id = `f${r}${i}`;
      fields.push({ id, type, role, name: `${type}_${r + 1}`, page, x: 0.1 + r * 0.45, y: 0.5 + i * 0.08, width, height, required: true } as FieldDefinition);
      values.push({ fieldId: id, value });
    };
    const sigKey = `documents/${documentId}/signatures/sig-${r}.png`;
    const iniKey = `documents/${documentId}/signatures/ini-${r}.png`;
    await storage.put(sigKey, scribble(400, 120, 5), "image/png");
    await storage.put(iniKey, scribble(160, 80, 2), "image/png");
    add("signature", 0, `storage:${sigKey}`);
    add("initials", 1, `storage:${iniKey}`, 0.1);
    add("date", 2, "2026-11-26", 0.2, 0.03);
    add("text", 3, r ? "Northwind Traders Ltd." : "Alice Example, Director", 0.35, 0.03);
    add("checkbox", 4, "true", 0.03, 0.03);
  }
  const t = (min: number) => new Date(Date.UTC(2026, 10, 26, 9, min));
  const people = roles.map((role, i) => ({
    id: `r${i}`,
    name: i ? "Bob Manager" : "Alice Client",
    email: i ? "bob@example.com" : "alice@example.com",
    roleName: role,
    status: "signed",
    signedAt: t(10 + i),
    omitted: false,
  }));
  const keywords = ["created", "sent", "viewed", "signed", "viewed", "signed", "executed"];
  const trail = keywords.map((keyword, seq) => ({
    id: `a${seq}`,
    seq: seq + 1,
    hash: (seq + 1).toString(16).padStart(64, "0"),
    keyword,
    payload: `${keyword} (bench entry ${seq + 1})`,
    createdAt: t(seq),
    ipAddress: "203.0.113.7",
    userAgent: "Mozilla/5.0 (bench)",
    recipientId: keyword === "signed" || keyword === "viewed" ? `r${seq > 3 ? 1 : 0}` : null,
  }));
  const pageInfo: PageInfo[] = Array.from({ length: pages }, (_, i) => ({ width: 612, height: 792, imageKey: `x/${i}.jpg`, thumbnailKey: `x/t${i}.jpg` }));
  const doc = {
    id: documentId,
    accountId: "acct",
    name: "Bench agreement",
    filename: "bench.pdf",
    state: "executed",
    pages: pageInfo,
    fields,
    mergeFields: [],
    mergeFieldValues: [],
    sentAt: t(1),
    executedAt: t(12),
    senderUserId: "u1",
  };
  return { doc, sender: { name: "Sam Sender", email: "sam@example.com" }, people, trail, values } as unknown as CompletionData;
}

/** A pen-like scribble on a transparent background, as the signer page sends. */
function scribble(width: number, height: number, strokes: number): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.strokeStyle = "#1a237e";
  ctx.lineWidth = 3;
  ctx.beginPath();
  for (let s = 0; s < strokes; s++) {
    ctx.moveTo((s * width) / strokes, height * 0.7);
    ctx.bezierCurveTo(((s + 0.3) * width) / strokes, 0, ((s + 0.6) * width) / strokes, height, ((s + 1) * width) / strokes, height * 0.4);
  }
  ctx.stroke();
  return canvas.toBuffer("image/png");
}
