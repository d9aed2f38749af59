import type { Metadata } from "next";
import { eq } from "drizzle-orm";
import { redirect } from "next/navigation";
import { getDb } from "@/lib/server/db/client";
import { sendingRequests } from "@/lib/server/db/schema";
import { requireWebUser } from "@/lib/server/auth/current-web-user";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";

export const metadata: Metadata = { title: "Preparing document" };

type Props = { params: Promise<{ id: string }> };

const stages = ["downloading", "processing", "creating_document", "completed"];

/** Where `uploaded` with prepare_document=true points: waits for processing, then opens the review page. */
export default async function PrepareSendingRequestPage({ params }: Props) {
  const { id } = await params;
  const user = await requireWebUser(`/sending_requests/${id}/prepare`);
  const [request] = await (await getDb()).select().from(sendingRequests).where(eq(sendingRequests.id, id)).limit(1);
  if (!request || request.userId !== user.id) {
    return (
      <AuthCard title="Not found">
        <Alert>There is no sending request at this address that you made.</Alert>
      </AuthCard>
    );
  }
  if (request.status === "completed" && request.documentId) redirect(`/documents/${request.documentId}/prepare`);
  if (request.status === "errored") {
    return (
      <AuthCard title="The file could not be processed">
        <Alert>{request.statusMessage ?? "Processing failed."}</Alert>
      </AuthCard>
    );
  }
  const step = Math.max(0, stages.indexOf(request.status));
  return (
    <AuthCard title="Preparing your document…" subtitle={request.fileName}>
      {/* A plain refresh keeps this page working without JavaScript. */}
      <meta httpEquiv="refresh" content="2" />
      <div role="progressbar" aria-valuemin={0} aria-valuemax={stages.length} aria-valuenow={step + 1} aria-label="Processing" className="h-2 overflow-hidden rounded bg-slate-100">
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${((step + 1) / stages.length) * 100}%` }} />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        Status: {request.status.replace("_", " ")}
      </p>
    </AuthCard>
  );
}
