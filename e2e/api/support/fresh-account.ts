// A confirmed account of its own for a test that changes the user (profile,
// time zone, password): made through sign-up and the confirmation link from
// the run's mail sink, as a person would, so no fixture user is touched.
// Used by the API tests (vitest) and the UI tests (Playwright): no test
// runner is imported here.
import crypto from "node:crypto";
import { CookieJar, fixtures, obtainToken } from "../helpers";
import { confirmWith, freshAddress, signUp } from "../../security/support/accounts";
import { confirmationLink, mailCount, waitForMail } from "./mail-sink";

export type FreshAccount = { name: string; email: string; password: string; company: string; account: string };

/** Signs up `tag`'s address and confirms it; answers the credentials. */
export async function freshAccount(tag: string, name = "Fiona Fresh"): Promise<FreshAccount> {
  const suffix = crypto.randomBytes(4).toString("hex");
  const who = { name, email: `${tag}.${suffix}@fresh.example`, password: `Fresh-${suffix}-pa55word`, company: "Fresh Ltd" };
  const jar = new CookieJar();
  const before = mailCount(who.email);
  const res = await signUp(jar, who, { address: freshAddress() });
  if (res.status !== 303) throw new Error(`sign-up answered ${res.status}: ${res.text.slice(0, 300)}`);
  const mail = await waitForMail(who.email, { after: before, subject: /confirm your e-mail/i });
  const { answer } = await confirmWith(new CookieJar(), confirmationLink(mail), who.password, { address: freshAddress() });
  if (!answer || answer.status !== 303 || /error=/.test(answer.location ?? "")) throw new Error(`confirmation answered ${answer?.status}: ${answer?.text.slice(0, 300)}`);
  return { ...who, account: name };
}

/** An access token through the dashboard's own client (the /ext endpoints need it). */
export async function dashboardToken(who: { email: string; password: string }) {
  const app = fixtures.dashboard;
  return obtainToken({ email: who.email, password: who.password, clientId: app.client_id, clientSecret: app.client_secret, redirectUri: app.redirect_uri, scope: "read write", pkce: true });
}

/** An access token through a third-party application (alice's): the spec's API, not /ext. */
export async function applicationToken(who: { email: string; password: string }) {
  const app = fixtures.apps.alice;
  return obtainToken({ email: who.email, password: who.password, clientId: app.client_id, clientSecret: app.client_secret, redirectUri: app.redirect_uri, scope: "read write" });
}
