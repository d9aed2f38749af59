import type { Metadata } from "next";
import type { ReactNode } from "react";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { loadOrMessage } from "../_lib/api-errors";
import { PageHeader } from "@/components/dashboard/page-header";
import { Section } from "@/components/dashboard/section";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";

export const metadata: Metadata = { title: "Profile" };

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{k}</dt>
          <dd className="mt-0.5 break-words text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The signed-in user as the API knows them (GET /me), and their account's plan. */
export default async function ProfilePage() {
  const { api } = await requireDashboardSession("/profile");
  const [me, plan] = await Promise.all([loadOrMessage("/profile", () => api.me()), api.getAccountPlan().catch(() => null)]);
  if (me.error !== null) {
    return (
      <>
        <PageHeader title="Profile" />
        <Alert>{me.error}</Alert>
      </>
    );
  }
  const u = me.data.user;
  return (
    <>
      <PageHeader title="Profile" description="Your details as the API answers them for /me." />
      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="user" title={u.name}>
          <div className="flex items-start gap-4">
            {u.avatar_url ? (
              // eslint-disable-next-line @next/next/no-img-element -- any host; not for the image optimizer
              <img src={u.avatar_url} alt="" className="size-16 rounded-full ring-1 ring-slate-200" />
            ) : (
              <span aria-hidden="true" className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-700">
                {(u.name || u.email).slice(0, 1).toUpperCase()}
              </span>
            )}
            <Facts
              rows={[
                ["E-mail", u.email],
                ["Company", u.company || "—"],
                ["Time zone", u.timezone ?? "Not set"],
                ["User id", <code key="id" className="text-xs">{u.id}</code>],
              ]}
            />
          </div>
        </Section>
        <Section id="plan" title="Account">
          <Facts
            rows={[
              ["Can send documents", u.can_send_documents ? <Badge tone="success">Yes</Badge> : <Badge tone="danger">No</Badge>],
              ["Grace period", u.is_grace_period ? "Yes" : "No"],
              ["Cancellation date", u.cancellation_date ?? "None"],
              ...(plan
                ? ([
                    ["Account", plan.account.name],
                    ["Documents", plan.account.plan.document_limit === null ? `${plan.account.documents_used} (no limit)` : `${plan.account.documents_used} of ${plan.account.plan.document_limit}`],
                    ["Knowledge-based authentication", plan.account.plan.kba ? "Included" : "Not included"],
                  ] as [string, ReactNode][])
                : []),
            ]}
          />
        </Section>
      </div>
    </>
  );
}
