import type { Metadata } from "next";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { loadOrMessage } from "../../../_lib/api-errors";
import { NotLoaded } from "../../../_lib/not-loaded";
import { isId } from "../../../_lib/run-action";
import { TemplateEditor } from "@/components/builder/template-editor";

export const metadata: Metadata = { title: "Edit template" };

export default async function EditTemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const self = `/templates/${encodeURIComponent(id)}/edit`;
  const { api } = await requireDashboardSession(self);
  const [found, plan] = await Promise.all([
    loadOrMessage(self, () => api.getBuilderTemplate(isId(id) ? id : "unknown")),
    api.getAccountPlan().then((r) => r.account.plan, () => null),
  ]);
  if (found.error !== null) return <NotLoaded title="Edit template" error={found.error} back={{ href: "/templates", label: "Back to templates" }} />;
  return <TemplateEditor kind="existing" template={found.data.template} kbaAllowed={plan?.kba ?? false} />;
}
