import type { Metadata } from "next";
import Link from "next/link";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { loadOrMessage } from "../../_lib/api-errors";
import { loadOrNotFound } from "../../_lib/not-found-unless-visible";
import { AutoRefresh } from "@/components/dashboard/auto-refresh";
import { PageHeader } from "@/components/dashboard/page-header";
import { Section } from "@/components/dashboard/section";
import { AuditTimeline } from "@/components/documents/audit-timeline";
import { CallbackLog } from "@/components/documents/callback-log";
import { CorrectDocumentButton } from "@/components/documents/correct-document-button";
import { DeleteDraftButton } from "@/components/documents/delete-draft-button";
import { DocumentDownloads } from "@/components/documents/document-downloads";
import { DocumentSummary } from "@/components/documents/document-summary";
import { PageGallery } from "@/components/documents/page-gallery";
import { PinForm } from "@/components/documents/pin-form";
import { RecipientsList } from "@/components/documents/recipients-list";
import { offeredActions, REMINDER_LIMIT, remindersLeft } from "@/components/documents/reminder-rules";
import { ShareEditor } from "@/components/documents/share-editor";
import { StateBadge } from "@/components/documents/state-badge";
import { TagsEditor } from "@/components/documents/tags-editor";
import { VoidDocumentButton } from "@/components/documents/void-document-button";
import { Alert } from "@/components/ui/alert";
import {
  correctDocument,
  deleteDraft,
  editRecipient,
  loadDeliveries,
  redeliver,
  remindSigner,
  saveShareList,
  saveTags,
  setPin,
  voidDocument,
} from "./actions";

export const metadata: Metadata = { title: "Document" };

type Props = { params: Promise<{ id: string }> };

const back = (
  <Link href="/documents" className="font-medium text-brand-700 hover:underline">
    ← Documents
  </Link>
);

export default async function DocumentPage({ params }: Props) {
  const { id } = await params;
  const self = `/documents/${encodeURIComponent(id)}`;
  const { api, user } = await requireDashboardSession(self);
  const [loaded, deliveries, sequential, overview] = await Promise.all([
    loadOrNotFound(self, () => api.getDocument(id)),
    loadOrMessage(self, async () => (await api.listDocumentCallbacks(id)).deliveries),
    // The spec's document has no signer_sequencing; the sender's view (/ext) does. Others cannot remind anyway.
    api.getDocumentDraft(id).then((d) => d.document.signer_sequencing, () => null),
    // Decline reasons, signed pages, "sign now" (/ext). Without it the page still shows the spec's document.
    api.getDocumentOverview(id).then((o) => o.document, () => null),
  ]);
  if (loaded.error !== null) {
    return (
      <>
        <PageHeader title="Document" eyebrow={back} />
        <Alert>{loaded.error}</Alert>
      </>
    );
  }

  const doc = loaded.data.document;
  const isSender = doc.sender.email.toLowerCase() === user.email.toLowerCase();
  const left = remindersLeft(doc);
  const voidable = doc.state === "draft" || doc.state === "pending";
  const offered = offeredActions(doc, isSender);
  const signNow = isSender ? (overview?.sign_now ?? null) : null;
  // The executed document's pages as signed, once produced; before (or for documents executed before they were made) the original's.
  const signedPages = overview?.signed_page_image_urls ?? [];
  const headerActions = [
    signNow ? (
      <a key="sign" href={signNow.sign_url} className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700">
        Sign now
      </a>
    ) : null,
    doc.state === "draft" && isSender ? (
      <Link key="prepare" href={`/documents/${doc.id}/prepare`} className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700">
        Prepare and send
      </Link>
    ) : null,
    offered.correct ? <CorrectDocumentButton key="correct" correct={correctDocument.bind(null, doc.id)} /> : null,
    offered.deleteDraft ? <DeleteDraftButton key="delete" name={doc.name} deleteAction={deleteDraft.bind(null, doc.id)} /> : null,
    voidable && !(doc.state === "draft" && isSender) ? <VoidDocumentButton key="void" name={doc.name} voidAction={voidDocument.bind(null, doc.id)} /> : null,
  ].filter(Boolean);

  return (
    <>
      {/* Signed files appear a few seconds after execution: look again until they are there. */}
      {doc.state === "executed" && !doc.signed_pdf_url ? <AutoRefresh everyMs={3000} /> : null}
      <PageHeader
        title={doc.name}
        eyebrow={back}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StateBadge state={doc.state} /> <span className="break-all">{doc.filename}</span>
            {overview?.corrected_from_id ? (
              <Link href={`/documents/${overview.corrected_from_id}`} className="text-sm font-medium text-brand-700 hover:underline">
                Corrected copy of an earlier document
              </Link>
            ) : null}
          </span>
        }
        actions={headerActions.length ? <span className="flex flex-wrap items-start gap-2">{headerActions}</span> : null}
      />
      <div className="space-y-6">
        <DocumentSummary doc={doc} />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            <Section
              id="recipients"
              title="Recipients"
              description={
                offered.reminders ? (
                  <span data-testid="reminders-left">
                    {left} of {REMINDER_LIMIT} reminders left
                  </span>
                ) : undefined
              }
            >
              <RecipientsList
                doc={doc}
                isSender={isSender}
                left={left}
                sequential={sequential}
                offered={offered}
                extras={overview?.recipients ?? []}
                remindAction={remindSigner.bind(null, doc.id)}
                editAction={editRecipient.bind(null, doc.id)}
              />
            </Section>
            <Section id="pages" title="Pages" description={signedPages.length ? "As signed: every answer and the verification footer are on the pages." : undefined}>
              <PageGallery pages={signedPages.length ? signedPages : doc.page_image_urls} title={doc.name} signed={signedPages.length > 0} />
            </Section>
            <Section id="audit" title="Audit trail">
              <AuditTimeline audits={doc.audits} />
            </Section>
            <Section id="callbacks" title="Callback deliveries">
              {deliveries.error !== null ? (
                <Alert>{deliveries.error}</Alert>
              ) : (
                <CallbackLog documentId={doc.id} initial={deliveries.data} load={loadDeliveries.bind(null, doc.id)} redeliver={redeliver.bind(null, doc.id)} />
              )}
            </Section>
          </div>
          <div className="min-w-0 space-y-6">
            <Section id="downloads" title="Downloads">
              <DocumentDownloads doc={doc} />
            </Section>
            <Section id="tags" title="Tags" description="Saving replaces all tags.">
              <TagsEditor tags={doc.tags} save={saveTags.bind(null, doc.id)} />
            </Section>
            <Section id="sharing" title="Shared with" description="People on this list can see the document.">
              <ShareEditor sharedWith={doc.shared_with} save={saveShareList.bind(null, doc.id)} />
            </Section>
            {/* A PIN only protects signing that is still to come. */}
            {offered.pin ? (
              <Section id="pin" title="PIN">
                <PinForm enabled={doc.passcode_pin_enabled} save={setPin.bind(null, doc.id)} />
              </Section>
            ) : null}
          </div>
        </div>
      </div>
    </>
  );
}
