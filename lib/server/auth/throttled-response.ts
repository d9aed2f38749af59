import "server-only";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Whole seconds until `until`, at least 1 (the value of Retry-After). */
export const retryAfterSeconds = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));

/**
 * A plain HTML page for the service's own forms (sign-in, sign-up,
 * confirmation). It is answered by route handlers that never render React,
 * so it carries its own minimal markup and no script.
 */
export function htmlPage(status: number, title: string, paragraphs: string[], link: { href: string; label: string }, headers: Record<string, string> = {}) {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Signing Service</title></head>
<body><main>
<p>Signing Service</p>
<h1>${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p role="alert">${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>
</main></body></html>`;
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/** 429 for a form: says when to try again, and Retry-After says it to machines. */
export function throttledPage(until: Date, back: { href: string; label: string }) {
  const seconds = retryAfterSeconds(until);
  return htmlPage(
    429,
    "Too many attempts",
    [
      `There were too many failed attempts. Try again in ${describeSeconds(seconds)} (after ${until.toUTCString()}).`,
      "Nothing you entered was checked.",
    ],
    back,
    { "Retry-After": String(seconds) },
  );
}

/** 503 while the server is checking as many passwords as it allows at once. */
export function busyPage(back: { href: string; label: string }) {
  return htmlPage(503, "Busy", ["The server is busy checking other sign-ins. Try again in a few seconds."], back, { "Retry-After": "2" });
}

export function describeSeconds(seconds: number) {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
