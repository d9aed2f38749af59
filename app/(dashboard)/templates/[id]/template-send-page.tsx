import Link from "next/link";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { loadOrMessage } from "../../_lib/api-errors";
import { isId } from "../../_lib/run-action";
import { PageHeader } from "@/components/dashboard/page-header";
import { TemplateSendForm } from "@/components/sending/template-send-form";
import type { TemplateFormMode } from "@/components/sending/template-send-values";
import { Alert } from "@/components/ui/alert";

const copy: Record<TemplateFormMode, { title: string; description: string }> = {
  send: {
    title: "Send",
    description: "Fill in who signs and the merge fields; the signers get an e-mail (or sign in person on your device).",
  },
  embed: {
    title: "Embed",
    description: "Creates the document for signing inside your own application: each signer gets an iframe to place in your pages.",
  },
};

/** The send and embed pages: the same template form, two operations of spec 4.4. */
export async function TemplateSendPage({ id, mode }: { id: string; mode: TemplateFormMode }) {
  const self = `/templates/${encodeURIComponent(id)}/${mode}`;
  const { api } = await requireDashboardSession(self);
  // The id goes into an API path: anything but an id answers as an unknown template would.
  const templateId = isId(id) ? id : "unknown";
  const [found, plan] = await Promise.all([
    loadOrMessage(self, () => api.getTemplate(templateId)),
    // KBA is offered only when the plan has it; without the answer it is not offered (the API would refuse it anyway).
    api.getAccountPlan().then((r) => r.account.plan, () => null),
  ]);
  if (found.error !== null) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">{copy[mode].title}</h1>
        <Alert>{found.error}</Alert>
        <Link href="/templates" className="text-sm font-medium text-brand-700 hover:underline">
          Back to templates
        </Link>
      </div>
    );
  }
  const t = found.data.reusable_template;
  return (
    <>
      <PageHeader
        eyebrow={
          <>
            <Link href="/templates" className="hover:underline">
              Templates
            </Link>{" "}
            /{" "}
            <Link href={`/templates/${t.id}`} className="hover:underline">
              {t.name}
            </Link>
          </>
        }
        title={`${copy[mode].title} “${t.name}”`}
        description={copy[mode].description}
      />
      {plan && !plan.enabled ? <div className="mb-4"><Alert>Your account is not enabled for sending documents.</Alert></div> : null}
      <TemplateSendForm template={t} mode={mode} kbaAllowed={plan?.kba ?? false} />
    </>
  );
}
