import type { Metadata } from "next";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { loadOrMessage } from "../../../_lib/api-errors";
import { NotLoaded } from "../../../_lib/not-loaded";
import { isId } from "../../../_lib/run-action";
import { DraftEditor } from "@/components/builder/draft-editor";

export const metadata: Metadata = { title: "Prepare document" };

/** Where prepare_document's `url` (and a prepared sending request) leads: the builder on the draft. */
export default async function PrepareDocumentPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ from?: string }> }) {
  const { id } = await params;
  // `from=upload`: the send wizard just made this draft from a file (offers "Send as tagged" when its tags placed fields).
  const fromUpload = (await searchParams).from === "upload";
  const self = `/documents/${encodeURIComponent(id)}/prepare`;
  const { api } = await requireDashboardSession(self);
  const found = await loadOrMessage(self, () => api.getDocumentDraft(isId(id) ? id : "unknown"));
  if (found.error !== null) return <NotLoaded title="Prepare document" error={found.error} back={{ href: "/documents", label: "Back to documents" }} />;
  return <DraftEditor draft={found.data.document} fromUpload={fromUpload} />;
}
