import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { loadOrMessage } from "../../../_lib/api-errors";
import { NotLoaded } from "../../../_lib/not-loaded";
import { isId } from "../../../_lib/run-action";
import { TemplateEditor } from "@/components/builder/template-editor";
import { fromField, newKey, type BuilderState } from "@/components/builder/builder-model";
import { UploadFollower } from "@/components/builder/upload-follower";

export const metadata: Metadata = { title: "New template" };

const back = { href: "/templates/new", label: "Upload another file" };

/** The builder on a processed upload, before its first save. */
export default async function NewTemplateBuilderPage({ params }: { params: Promise<{ uploadId: string }> }) {
  const { uploadId } = await params;
  const self = `/templates/new/${encodeURIComponent(uploadId)}`;
  const { api } = await requireDashboardSession(self);
  const [found, plan] = await Promise.all([
    loadOrMessage(self, () => api.getTemplateUpload(isId(uploadId) ? uploadId : "unknown")),
    api.getAccountPlan().then((r) => r.account.plan, () => null),
  ]);
  if (found.error !== null) return <NotLoaded title="New template" error={found.error} back={back} />;
  const upload = found.data.template_upload;
  if (upload.template_id) redirect(`/templates/${upload.template_id}/edit`);
  if (upload.status === "errored") return <NotLoaded title="New template" error={upload.status_message ?? "The file could not be processed."} back={back} />;
  if (upload.status === "waiting_for_file") return <NotLoaded title="New template" error="The file was not uploaded. Upload it again." back={back} />;
  if (upload.status !== "completed") return <UploadFollower id={upload.id} status={upload.status} pages={upload.pages} />;

  // Roles named by text tags come first; a file without tags starts with one signer.
  const roleNames = upload.roles.length ? upload.roles : ["Signer 1"];
  const initial: BuilderState = {
    settings: {
      name: upload.file_name.replace(/\.(pdf|png|jpe?g)$/i, ""),
      expires_in: 30,
      signer_sequencing: false,
      identity_method: "email",
      kba: false,
      passcode: false,
      tags: [],
      shared_with: [],
    },
    roles: roleNames.map((name) => ({ key: newKey(), name, message: "", signer_name: "", signer_email: "" })),
    items: upload.fields.map(fromField),
  };
  return <TemplateEditor kind="new" uploadId={upload.id} pages={upload.pages} initial={initial} kbaAllowed={plan?.kba ?? false} />;
}
