/**
 * next-auth's sign-out as its client library does it (next-auth/react
 * signOut): its CSRF token, then a POST to /api/auth/signout, then the page
 * it names. Written out because the library (with its Babel runtime) would
 * otherwise be part of every dashboard page's JavaScript for this one call.
 * No other tab listens for next-auth's broadcast (the dashboard has no
 * SessionProvider), so none is sent.
 */
const BASE = "/api/auth";

export async function signOut(callbackUrl: string): Promise<void> {
  const csrf = (await (await fetch(`${BASE}/csrf`, { headers: { "Content-Type": "application/json" } })).json()) as { csrfToken?: string };
  const res = await fetch(`${BASE}/signout`, {
    method: "post",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken ?? "", callbackUrl, json: "true" }),
  });
  const data = (await res.json()) as { url?: string };
  const url = data.url ?? callbackUrl;
  window.location.href = url;
  if (url.includes("#")) window.location.reload();
}
