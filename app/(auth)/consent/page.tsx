import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { getDb } from "@/lib/server/db/client";
import { isEmailConfirmed } from "@/lib/server/accounts/confirm-email";
import { csrfTokenFor, getWebSessionUser, SESSION_COOKIE } from "@/lib/server/auth/web-session";
import { OAuthError } from "@/lib/server/oauth/oauth-error";
import { AUTHORIZE_PARAMS, validateAuthorizeRequestOrThrow } from "@/lib/server/oauth/validate-authorize-request";

export const metadata: Metadata = { title: "Allow access" };

// Exactly what each scope reaches (lib/server/http/api-route.ts: GET needs read, other methods write).
// Account administration (/ext: applications, callback secret, outbox, drafts, template
// builder) is reserved for the service's own dashboard and is never granted to an app.
const scopeText: Record<string, string> = {
  read:
    "Read your profile, your documents and those shared with you (recipients, status, audit trail, files), " +
    "your archived documents and your account's reusable templates",
  write:
    "Send documents from your templates and from uploaded files, void, share, tag and PIN-protect your documents, " +
    "remind signers, change template tags and delete templates",
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ConsentPage({ searchParams }: Props) {
  const raw = await searchParams;
  const params = new URLSearchParams();
  for (const name of AUTHORIZE_PARAMS) {
    const v = raw[name];
    if (typeof v === "string") params.set(name, v);
  }
  const db = await getDb();
  let request;
  try {
    request = await validateAuthorizeRequestOrThrow(db, params);
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err;
    return (
      <AuthCard title="This link cannot be used">
        <Alert>{err.description}</Alert>
      </AuthCard>
    );
  }
  const sessionToken = (await cookies()).get(SESSION_COOKIE)?.value;
  const user = await getWebSessionUser(db, sessionToken);
  if (!user || !sessionToken) redirect(`/login?next=${encodeURIComponent(`/oauth/authorize?${params}`)}`);
  // Only a confirmed address may allow an application anything (the sign-in page offers a new link).
  if (!isEmailConfirmed(user)) {
    redirect(`/login?${new URLSearchParams({ error: "unconfirmed", email: user.email, next: `/oauth/authorize?${params}` })}`);
  }

  return (
    <AuthCard
      title={`Allow ${request.client.name} to use your account?`}
      subtitle={
        <>
          Signed in as <strong>{user.email}</strong>.
        </>
      }
    >
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-700">
          <strong>{request.client.name}</strong> asks for:
        </p>
        <ul className="space-y-1 text-sm text-slate-700" aria-label="Requested scopes">
          {request.scope.split(" ").map((s) => (
            <li key={s} className="flex gap-2">
              <span className="rounded bg-slate-100 px-1.5 font-mono text-xs leading-5">{s}</span>
              <span>{scopeText[s]}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="text-xs text-slate-600">
        It cannot change your account settings, applications or callback signing secret, and it never sees signing
        links of documents you did not send.
      </p>
      <form method="post" action="/oauth/authorize" className="flex gap-3">
        {[...params.entries()].map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name="csrf" value={csrfTokenFor(sessionToken)} />
        <Button type="submit" name="decision" value="deny" variant="secondary" className="flex-1">
          Deny
        </Button>
        <Button type="submit" name="decision" value="allow" className="flex-1">
          Allow
        </Button>
      </form>
      <p className="text-xs text-slate-500">You will be sent back to {new URL(request.redirectUri).host}.</p>
    </AuthCard>
  );
}
