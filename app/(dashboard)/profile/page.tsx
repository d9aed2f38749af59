import type { Metadata } from "next";
import type { ReactNode } from "react";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { loadOrMessage } from "../_lib/api-errors";
import { PageHeader } from "@/components/dashboard/page-header";
import { Section } from "@/components/dashboard/section";
import { PasswordForm } from "@/components/profile/password-form";
import { ProfileForm } from "@/components/profile/profile-form";
import { SavedSignatures } from "@/components/profile/saved-signatures";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { changePassword, removeSignatureImage, saveSignatureImage, updateProfile } from "./actions";
import { timeZoneOptions } from "./time-zone-options";

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

/** The signed-in user's details, password and saved signature (/ext/profile), and their account's plan. */
export default async function ProfilePage() {
  const { api } = await requireDashboardSession("/profile");
  const [res, plan] = await Promise.all([loadOrMessage("/profile", () => api.getProfile()), api.getAccountPlan().catch(() => null)]);
  if (res.error !== null) {
    return (
      <>
        <PageHeader title="Profile" />
        <Alert>We could not load your profile. Reload the page to try again.</Alert>
      </>
    );
  }
  const profile = res.data.profile;
  return (
    <>
      <PageHeader title="Profile" description="Your details, password and saved signature." />
      <div className="space-y-6">
        <Section id="details" title={profile.name || "Your details"} description={[profile.email, profile.company].filter(Boolean).join(" · ")}>
          <ProfileForm key={`${profile.name}|${profile.company}|${profile.timezone}`} profile={profile} zones={timeZoneOptions(profile.timezone)} save={updateProfile} />
        </Section>
        <Section id="password" title="Password" description="Changing it signs you out everywhere else.">
          <PasswordForm change={changePassword} />
        </Section>
        <Section id="signature" title="Saved signature and initials" description="Drawn, typed or uploaded, and kept with your profile.">
          <SavedSignatures profile={profile} save={saveSignatureImage} remove={removeSignatureImage} />
        </Section>
        {plan ? (
          <Section id="plan" title="Account">
            <Facts
              rows={[
                ["Account", plan.account.name],
                ["Can send documents", plan.account.plan.enabled ? <Badge tone="success">Yes</Badge> : <Badge tone="danger">No</Badge>],
                ["Documents", plan.account.plan.document_limit === null ? `${plan.account.documents_used} (no limit)` : `${plan.account.documents_used} of ${plan.account.plan.document_limit}`],
                ["Knowledge-based authentication", plan.account.plan.kba ? "Included" : "Not included"],
              ]}
            />
          </Section>
        ) : null}
      </div>
    </>
  );
}
