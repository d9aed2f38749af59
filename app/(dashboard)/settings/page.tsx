import type { Metadata } from "next";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { loadOrMessage } from "../_lib/api-errors";
import { PageHeader } from "@/components/dashboard/page-header";
import { Section } from "@/components/dashboard/section";
import { ApiTokensTable } from "@/components/settings/api-tokens-table";
import { ApplicationsTable } from "@/components/settings/applications-table";
import { CallbackSecretPanel } from "@/components/settings/callback-secret-panel";
import { CreateApiTokenForm } from "@/components/settings/create-api-token-form";
import { CreateApplicationForm } from "@/components/settings/create-application-form";
import { NotificationSettingsForm } from "@/components/settings/notification-settings-form";
import { OutboxTable } from "@/components/settings/outbox-table";
import { Alert } from "@/components/ui/alert";
import { Pagination } from "@/components/ui/pagination";
import {
  createApiToken,
  createApplication,
  deleteApplication,
  revealCallbackSecret,
  revokeApiToken,
  rotateCallbackSecret,
  saveNotificationSettings,
} from "./actions";

export const metadata: Metadata = { title: "Settings" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const OUTBOX_PAGE_SIZE = 10;

function pageParam(v: string | string[] | undefined) {
  const n = Number(Array.isArray(v) ? v[0] : v);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export default async function SettingsPage({ searchParams }: Props) {
  const outboxPage = pageParam((await searchParams).outbox_page);
  const self = outboxPage > 1 ? `/settings?outbox_page=${outboxPage}` : "/settings";
  const { api } = await requireDashboardSession(self);
  const [apps, tokens, outbox, notifications] = await Promise.all([
    loadOrMessage(self, () => api.listApplications()),
    loadOrMessage(self, () => api.listApiTokens()),
    loadOrMessage(self, () => api.listOutbox({ page: outboxPage, per_page: OUTBOX_PAGE_SIZE })),
    loadOrMessage(self, () => api.getNotificationSettings()),
  ]);

  return (
    <>
      <PageHeader title="Settings" description="Notifications, API applications and tokens, callback signing and the e-mails sent for your account." />
      <div className="space-y-6">
        <Section
          id="notifications"
          title="E-mail notifications"
          description="E-mails you get about the documents you send. Signers are always told when a document they were asked to sign is voided."
        >
          {notifications.error !== null ? (
            <Alert>{notifications.error}</Alert>
          ) : (
            <NotificationSettingsForm initial={notifications.data.notification_settings} save={saveNotificationSettings} />
          )}
        </Section>
        <Section id="applications" title="API applications" description="OAuth clients that act for you through the API.">
          <div className="space-y-6">
            {apps.error !== null ? <Alert>{apps.error}</Alert> : <ApplicationsTable applications={apps.data.applications} remove={deleteApplication} />}
            <CreateApplicationForm create={createApplication} />
          </div>
        </Section>
        <Section
          id="api-tokens"
          title="Private API tokens"
          description="Personal tokens that act for you through the API with the access you choose, without the OAuth flow. They do not expire; revoke one when it is no longer needed."
        >
          <div className="space-y-6">
            {tokens.error !== null ? <Alert>{tokens.error}</Alert> : <ApiTokensTable tokens={tokens.data.api_tokens} revoke={revokeApiToken} />}
            <CreateApiTokenForm create={createApiToken} />
          </div>
        </Section>
        <Section
          id="callback-secret"
          title="Callback signing secret"
          description="Callbacks carry a webhook-signature header made with this secret (Standard Webhooks); check it to know a callback came from us."
        >
          <CallbackSecretPanel reveal={revealCallbackSecret} rotate={rotateCallbackSecret} />
        </Section>
        <Section id="outbox" title="Outbox" description="E-mails sent for your account: signing requests, reminders and notices.">
          {outbox.error !== null ? (
            <Alert>{outbox.error}</Alert>
          ) : (
            <div className="space-y-3">
              <OutboxTable emails={outbox.data.emails} />
              <Pagination
                label="Outbox pages"
                page={outboxPage}
                totalPages={outbox.data.meta.total_pages}
                hrefFor={(p) => (p > 1 ? `/settings?outbox_page=${p}#outbox-title` : "/settings#outbox-title")}
              />
            </div>
          )}
        </Section>
      </div>
    </>
  );
}
