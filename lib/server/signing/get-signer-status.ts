import "server-only";
import type { SignerStatus } from "@/lib/api/signing";
import { apiTime } from "@/lib/api/time";
import { signedFileUrl } from "@/lib/server/storage/signed-url";
import type { SignerContext } from "./signer-context";

/** How long the finished page's download address works; the page asks for a new one when it has run out. */
const DOWNLOAD_TTL_SECONDS = 60 * 60;

/**
 * What the finished page tells a signer about the rest of the document: who
 * still has to sign, and, once the executed document's signed PDF has been
 * made (by the completion job, a few seconds after the last signature), a
 * time-limited address to download it. Only a signer who signed gets the
 * file; `pinPassed` is false when the document's PIN has not been given in
 * this browser (the file is then only in the completion e-mail).
 */
export function getSignerStatus(ctx: SignerContext, opts: { pinPassed: boolean; now?: Date }): SignerStatus {
  const { doc, signer } = ctx;
  const waitingFor =
    doc.state === "pending" ? ctx.people.filter((p) => p.id !== signer.id && p.status === "pending" && !p.omitted).map((p) => p.name || p.roleName) : [];
  let signedPdf: SignerStatus["signedPdf"] = null;
  if (doc.state === "executed" && doc.signedPdfKey && signer.status === "signed" && opts.pinPassed) {
    const now = opts.now ?? new Date();
    const url = signedFileUrl(doc.signedPdfKey, { filename: signedFilename(doc.filename), ttlSeconds: DOWNLOAD_TTL_SECONDS, now });
    const expires = Number(new URL(url).searchParams.get("expires"));
    signedPdf = { url, expiresAt: apiTime(new Date(expires * 1000)) };
  }
  return { state: doc.state, waitingFor, signedPdf };
}

/** The same name the completion e-mail's link downloads under. */
const signedFilename = (filename: string) => `${filename.replace(/\.[^.]+$/, "") || "document"}-signed.pdf`;
