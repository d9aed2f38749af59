import "server-only";
import { templateDefinitionSchema } from "@/lib/api/template-definition";
import { createUser } from "@/lib/server/accounts/create-user";
import { getUserByEmail } from "@/lib/server/accounts/get-user";
import { importArchivedDocuments } from "@/lib/server/archive/import-archived-documents";
import type { Db } from "@/lib/server/db/client";
import type { templates } from "@/lib/server/db/schema";
import { completeSampleDocument } from "./complete-sample-document";
import { cloneTemplateToDocument, type CloneRoleInput, type CloneState } from "@/lib/server/templates/clone-template-to-document";
import { importTemplate } from "@/lib/server/templates/import-template";
import { generateSamplePdf } from "./generate-sample-pdf";
import { sampleArchivedDocuments } from "./sample-archive";
import { sampleTemplates } from "./sample-templates";
import { DEMO_EMAIL, DEMO_PASSWORD, TEAMMATE_EMAIL } from "./demo-account";

type Template = typeof templates.$inferSelect;
type DemoDocument = {
  template: "Mutual NDA" | "Offer Letter" | "Consulting Agreement";
  name: string;
  state: CloneState;
  daysAgo: number;
  roles: CloneRoleInput[];
  tags?: Record<string, string | null>;
  sharedWith?: string[];
  message?: string;
};

// Documents in every state, spread over the last weeks so lists look lived-in.
const demoDocuments: DemoDocument[] = [
  { template: "Offer Letter", name: "Offer Letter - Jordan Lee", state: "draft", daysAgo: 1, roles: [{ name: "Candidate", signer_name: "Jordan Lee", signer_email: "jordan.lee@example.net" }], tags: { department: "hr", candidate: "jordan-lee" } },
  { template: "Mutual NDA", name: "NDA - Northwind Traders", state: "pending", daysAgo: 2, roles: [{ name: "Receiving Party", signer_name: "Ana Trujillo", signer_email: "ana@northwind.example" }], tags: { department: "legal", counterparty: "northwind" }, sharedWith: [TEAMMATE_EMAIL], message: "Ana, here is the NDA we discussed." },
  { template: "Offer Letter", name: "Offer Letter - Maria Garcia", state: "pending", daysAgo: 3, roles: [{ name: "Candidate", signer_name: "Maria Garcia", signer_email: "maria.garcia@example.org" }], tags: { department: "hr", priority: "high" } },
  { template: "Consulting Agreement", name: "Consulting Agreement - Website Redesign", state: "pending", daysAgo: 5, roles: [{ name: "Client", is_sender: true }, { name: "Consultant", signer_name: "Priya Shah", signer_email: "priya@shahdesign.example" }], tags: { department: "operations", project: "website" } },
  { template: "Mutual NDA", name: "NDA - Contoso Ltd", state: "pending", daysAgo: 9, roles: [{ name: "Receiving Party", signer_name: "Liam Murphy", signer_email: "liam.murphy@contoso.example" }], tags: { department: "legal", counterparty: "contoso" } },
  { template: "Mutual NDA", name: "NDA - Fabrikam", state: "executed", daysAgo: 20, roles: [{ name: "Receiving Party", signer_name: "Yuki Tanaka", signer_email: "yuki@fabrikam.example" }], tags: { department: "legal", counterparty: "fabrikam" } },
  { template: "Offer Letter", name: "Offer Letter - Chen Wei", state: "executed", daysAgo: 35, roles: [{ name: "Candidate", signer_name: "Chen Wei", signer_email: "chen.wei@example.com.cn" }], tags: { department: "hr" } },
  { template: "Consulting Agreement", name: "Consulting Agreement - Data Migration", state: "voided", daysAgo: 12, roles: [{ name: "Client", signer_name: "Olivia Brown", signer_email: "olivia@brownlogistics.example" }, { name: "Consultant", is_sender: true }], tags: { department: "operations", project: "data-migration" } },
  { template: "Offer Letter", name: "Offer Letter - Alex Kim", state: "expired", daysAgo: 15, roles: [{ name: "Candidate", signer_name: "Alex Kim", signer_email: "alex.kim@example.net" }], tags: { department: "hr" } },
  { template: "Consulting Agreement", name: "Consulting Agreement - Q3 Audit", state: "declined", daysAgo: 7, roles: [{ name: "Client", is_sender: true }, { name: "Consultant", signer_name: "Noah Fischer", signer_email: "noah@fischer-audit.example" }], tags: { department: "finance", quarter: "q3" } },
  { template: "Mutual NDA", name: "NDA - Tailspin Toys", state: "editing", daysAgo: 1, roles: [{ name: "Receiving Party", signer_name: "Emma Wilson", signer_email: "emma@tailspin.example" }], tags: { department: "legal", counterparty: "tailspin" } },
];

/**
 * Creates the demo account once: a sender and a teammate, three templates,
 * documents in every state and two archived documents. Returns the sign-in
 * credentials, or null when the demo user already exists. Runs in one
 * transaction so a failure leaves no half-seeded account behind.
 */
export async function seedDemo(db: Db): Promise<{ email: string; password: string } | null> {
  if (await getUserByEmail(db, DEMO_EMAIL)) return null;
  // Generate the PDFs before opening the transaction (rendering them happens inside, in importTemplate).
  const pdfs = await Promise.all(sampleTemplates.map((t) => generateSamplePdf(t.pdf)));

  const executed: string[] = [];
  await db.transaction(async (tx) => {
    const demo = await createUser(tx, {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      name: "Demo Sender",
      company: "Demo Co",
      accountName: "Demo Co",
      plan: { kba: true },
      emailConfirmed: true,
    });
    await createUser(tx, {
      email: TEAMMATE_EMAIL,
      password: DEMO_PASSWORD,
      name: "Taylor Teammate",
      company: "Demo Co",
      accountId: demo.accountId,
      emailConfirmed: true,
    });

    const byName = new Map<string, Template>();
    for (const [i, sample] of sampleTemplates.entries()) {
      const definition = templateDefinitionSchema.parse(sample.definition);
      const row = await importTemplate(tx, { ownerUserId: demo.id, pdf: pdfs[i]!, filename: sample.filename, definition });
      byName.set(row.name, row);
    }

    const sender = { id: demo.id, accountId: demo.accountId, name: demo.name, email: demo.email };
    const now = Date.now();
    for (const d of demoDocuments) {
      const doc = await cloneTemplateToDocument(tx, {
        template: byName.get(d.template)!,
        sender,
        name: d.name,
        state: d.state,
        roles: d.roles,
        tags: d.tags,
        sharedWith: d.sharedWith,
        message: d.message,
        now: new Date(now - d.daysAgo * 24 * 60 * 60 * 1000),
      });
      if (doc.state === "executed") executed.push(doc.id);
    }

    await importArchivedDocuments(tx, { ownerUserId: demo.id, records: sampleArchivedDocuments(DEMO_EMAIL) });
  });
  // Signed PDFs are made after the commit: the completion job writes in its own transaction.
  for (const id of executed) await completeSampleDocument(db, id);
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD };
}
