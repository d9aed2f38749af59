import { getDb } from "@/lib/server/db/client";
import { getWebSessionUser, readCookie, SESSION_COOKIE } from "@/lib/server/auth/web-session";
import { contentDisposition } from "@/lib/server/http/content-disposition";
import { ProcessingError } from "@/lib/server/processing/processing-error";
import { readVerifyUpload } from "@/lib/server/verify/read-verify-upload";
import { renderReportPdf } from "@/lib/server/verify/render-report-pdf";
import { buildVerificationReport } from "@/lib/server/verify/verification-report";

/**
 * The verification report of an uploaded PDF (lib/server/verify/). Served
 * here for the /verify page and, through a rewrite in next.config.mjs, as
 * `POST /verify` for machines. JSON by default; the report as a PDF with
 * `Accept: application/pdf` or `?format=pdf`. Anyone may ask and gets the
 * masked answer; a signed-in user of the service (`sid` session) with access
 * to the document gets the full one.
 */
export async function POST(req: Request) {
  const upload = await readVerifyUpload(req);
  if (!upload.ok) return Response.json({ error: upload.error }, { status: upload.status });
  const db = await getDb();
  const viewer = await getWebSessionUser(db, readCookie(req, SESSION_COOKIE));
  let report;
  try {
    report = await buildVerificationReport(db, upload.bytes, viewer);
  } catch (e) {
    // The file took more memory or time to read than any PDF we seal (run-in-worker.ts).
    if (e instanceof ProcessingError) return Response.json({ error: `The file could not be checked: ${e.message}` }, { status: 422 });
    throw e;
  }
  // The answer depends on the session: never cached, never shared between users.
  const headers = { "Cache-Control": "no-store, private", Vary: "Cookie, Accept" };
  if (wantsPdf(req)) {
    const pdf = await renderReportPdf(report);
    return new Response(pdf as Uint8Array<ArrayBuffer>, {
      headers: { ...headers, "Content-Type": "application/pdf", "Content-Disposition": contentDisposition("attachment", `verification-report-${report.file.sha256.slice(0, 12)}.pdf`) },
    });
  }
  return Response.json(report, { headers });
}

function wantsPdf(req: Request) {
  if (new URL(req.url).searchParams.get("format") === "pdf") return true;
  const accept = req.headers.get("accept") ?? "";
  return /application\/pdf/i.test(accept) && !/application\/json/i.test(accept);
}
