import "server-only";
import { asc, eq } from "drizzle-orm";
import { createCanvas } from "@napi-rs/canvas";
import type { Db } from "@/lib/server/db/client";
import { documents, fieldValues, recipients } from "@/lib/server/db/schema";
import { getStorage } from "@/lib/server/storage/storage";
import { completeDocument } from "@/lib/server/completion/complete-document";

/**
 * Demo and test documents created directly as `executed` get answers in every
 * field (a drawn scribble for signatures) and then go through the real
 * completion job, so their signed PDF, certificate and hashes are genuine.
 */
export async function completeSampleDocument(db: Db, documentId: string) {
  const [doc] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (!doc || doc.state !== "executed") return;
  const people = await db.select().from(recipients).where(eq(recipients.documentId, documentId)).orderBy(asc(recipients.sequence));
  const existing = await db.select({ fieldId: fieldValues.fieldId }).from(fieldValues).where(eq(fieldValues.documentId, documentId));
  const done = new Set(existing.map((e) => e.fieldId));
  for (const field of doc.fields) {
    if (done.has(field.id)) continue;
    const signer = people.find((p) => p.roleName === field.role);
    let value: string;
    if (field.type === "signature" || field.type === "initials") {
      const key = `documents/${documentId}/signatures/${field.id}.png`;
      await getStorage().put(key, scribble(field.type === "initials" ? 2 : 5), "image/png");
      value = `storage:${key}`;
    } else if (field.type === "date") {
      value = (doc.executedAt ?? new Date()).toISOString().slice(0, 10);
    } else if (field.type === "checkbox") {
      value = "true";
    } else {
      value = signer?.name ?? "Sample answer";
    }
    await db.insert(fieldValues).values({ documentId, fieldId: field.id, recipientId: signer?.id ?? null, value });
  }
  await completeDocument(db, documentId);
}

/** A handwriting-like stroke without fonts (server canvases have none installed). */
function scribble(loops: number): Buffer {
  const canvas = createCanvas(360, 120);
  const ctx = canvas.getContext("2d");
  ctx.strokeStyle = "#1e2a78";
  ctx.lineWidth = 3;
  ctx.lineCap = "round";
  ctx.beginPath();
  ctx.moveTo(10, 80);
  for (let i = 0; i < loops; i++) {
    const x = 20 + (i * 320) / loops;
    ctx.bezierCurveTo(x + 10, 10, x + 40, 110, x + 60, 60);
  }
  ctx.stroke();
  return canvas.toBuffer("image/png");
}
