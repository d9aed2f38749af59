import type { Metadata } from "next";
import { eq, asc } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { documents, recipients } from "@/lib/server/db/schema";
import { requireWebUser } from "@/lib/server/auth/current-web-user";
import { signedFileUrl } from "@/lib/server/storage/signed-url";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = { title: "Review and send" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ error?: string }> };

const errors: Record<string, string> = {
  not_draft: "This document has already been sent or voided.",
};

/** The review page behind prepare_document's `url`: the sender checks the draft and sends it. */
export default async function PrepareDocumentPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { error } = await searchParams;
  const user = await requireWebUser(`/documents/${id}/prepare`);
  const db = await getDb();
  const [doc] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!doc || doc.senderUserId !== user.id) {
    return (
      <AuthCard title="Document not found">
        <Alert>There is no document at this address that you sent.</Alert>
      </AuthCard>
    );
  }
  const people = await db.select().from(recipients).where(eq(recipients.documentId, id)).orderBy(asc(recipients.sequence));
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header className="space-y-1">
        <p className="text-sm font-semibold text-brand-600">Review and send</p>
        <h1 className="text-2xl font-semibold">{doc.name}</h1>
        <p className="text-sm text-slate-600">
          {doc.filename} · {doc.pages.length} page{doc.pages.length === 1 ? "" : "s"} · state <strong>{doc.state}</strong>
        </p>
      </header>
      {error ? <Alert>{errors[error] ?? errors.not_draft}</Alert> : null}
      <section aria-labelledby="signers" className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <h2 id="signers" className="mb-2 font-medium">
          Signers
        </h2>
        <ol className="space-y-1 text-sm">
          {people.map((r) => (
            <li key={r.id}>
              {r.sequence + 1}. <strong>{r.roleName}</strong>: {r.name} {r.email ? `<${r.email}>` : "(no e-mail)"}
              {r.omitted ? " — omitted" : ""}
            </li>
          ))}
        </ol>
      </section>
      {doc.state === "draft" ? (
        <form method="post" action={`/documents/${id}/prepare/send`}>
          <Button type="submit">Send for signature</Button>
        </form>
      ) : (
        <Alert tone="info">This document is {doc.state}; there is nothing left to prepare.</Alert>
      )}
      <section aria-label="Pages" className="grid gap-4 sm:grid-cols-2">
        {doc.pages.map((p, i) => (
          // eslint-disable-next-line @next/next/no-img-element
          <img key={p.imageKey} src={signedFileUrl(p.imageKey)} alt={`Page ${i + 1}`} className="w-full rounded ring-1 ring-slate-200" />
        ))}
      </section>
    </main>
  );
}
