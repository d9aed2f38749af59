import fs from "node:fs/promises";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { run } from "./processes";

/**
 * The account of the bench, made with the real admin CLI as an operator
 * would: its owner (who signs in), a colleague in the same account (some of
 * whose documents are shared with the owner), an API application of the
 * owner's, and a few templates the documents are made from.
 */
export const REDIRECT_URI = "http://127.0.0.1:9/callback";
export const OWNER = { email: "owner@bench.example", password: "bench-Pa55word-owner", name: "Olivia Owner" };
export const COLLEAGUE = { email: "colleague@bench.example", password: "bench-Pa55word-colleague", name: "Colin Colleague" };
const ACCOUNT = "Bench Corp";

const TEMPLATES = [
  { name: "Mutual NDA", roles: ["Client", "Company"], department: "legal" },
  { name: "Master Services Agreement", roles: ["Client", "Manager"], department: "sales" },
  { name: "Offer Letter", roles: ["Candidate", "HR"], department: "hr" },
];

export type BenchAccount = {
  ownerId: string;
  colleagueId: string;
  accountId: string;
  app: { client_id: string; client_secret: string };
  templateIds: string[];
};

/**
 * Every command in one CLI process (`cli batch`): each start of the CLI costs
 * seconds (TypeScript loading, opening the database), and the benches make
 * five accounts per run.
 */
export async function cliBatch(env: NodeJS.ProcessEnv, workDir: string, commands: string[][]): Promise<Record<string, string>[]> {
  const file = path.join(workDir, "account-commands.json");
  await fs.writeFile(file, JSON.stringify(commands));
  const r = await run("npm", ["run", "--silent", "cli", "--", "batch", "--file", file], { env, capture: true });
  if (r.code !== 0) throw new Error(`npm run cli -- batch (${commands.map((c) => c[0]).join(", ")}) failed (exit ${r.code}):\n${r.stderr.trim()}`);
  return JSON.parse(r.stdout) as Record<string, string>[];
}

export async function createAccount(env: NodeJS.ProcessEnv, workDir: string, log: (s: string) => void): Promise<BenchAccount> {
  const user = (u: typeof OWNER) => ["user:create", "--email", u.email, "--password", u.password, "--name", u.name, "--company", ACCOUNT, "--account", ACCOUNT];
  const pdfPath = path.join(workDir, "contract.pdf");
  await fs.writeFile(pdfPath, await contractPdf());
  const templates: string[][] = [];
  for (const t of TEMPLATES) {
    const defPath = path.join(workDir, `${t.name.replace(/\W+/g, "-")}.json`);
    await fs.writeFile(defPath, JSON.stringify(definition(t)));
    templates.push(["template:import", "--owner", OWNER.email, "--pdf", pdfPath, "--definition", defPath]);
  }
  const [owner, colleague, app, ...imported] = await cliBatch(env, workDir, [
    user(OWNER),
    user(COLLEAGUE),
    ["app:create", "--owner", OWNER.email, "--name", "Bench Integration", "--redirect-uri", REDIRECT_URI],
    ...templates,
  ]);
  const templateIds = imported.map((t) => t.id!);
  log(`  users ${owner!.id}, ${colleague!.id}; app ${app!.client_id}`);
  log(`  templates ${templateIds.join(", ")}`);
  return { ownerId: owner!.id!, colleagueId: colleague!.id!, accountId: owner!.account_id!, app: { client_id: app!.client_id!, client_secret: app!.client_secret! }, templateIds };
}

function definition(t: (typeof TEMPLATES)[number]) {
  const [first, second] = t.roles as [string, string];
  return {
    name: t.name,
    signer_sequencing: true,
    expires_in: 30,
    tags: { department: t.department },
    roles: [
      { name: first, sequence: 0, message: `Please sign the ${t.name}.` },
      { name: second, sequence: 1, message: "Please countersign." },
    ],
    fields: [
      { type: "signature", role: first, name: "first_signature", page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.05, required: true },
      { type: "date", role: first, name: "first_date", page: 1, x: 0.45, y: 0.8, width: 0.2, height: 0.03, required: false },
      { type: "text", role: first, name: "first_title", page: 2, x: 0.1, y: 0.7, width: 0.3, height: 0.03, required: false },
      { type: "signature", role: second, name: "second_signature", page: 2, x: 0.1, y: 0.8, width: 0.3, height: 0.05, required: true },
    ],
    merge_fields: [{ name: "Effective Date", type: "date", page: 1, x: 0.6, y: 0.15, width: 0.25, height: 0.03 }],
  };
}

async function contractPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 2; n++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Agreement, page ${n} of 2`, { x: 72, y: 720, size: 18, font });
    for (let line = 0; line < 25; line++) {
      page.drawText("The parties agree to the terms set out in this agreement and its schedules.", { x: 72, y: 680 - line * 16, size: 11, font });
    }
  }
  return doc.save();
}
