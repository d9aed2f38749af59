import "server-only";
import { signedRouteUrl } from "@/lib/server/storage/signed-url";
import type { CertificateKind } from "./current-certificate";

/** The route that serves a document's certificate as it stands (app/(api)/certificates/[id]/[kind]). */
export const certificatePath = (documentId: string, kind: CertificateKind) => `/certificates/${encodeURIComponent(documentId)}/${kind}`;

/** A signed, expiring address of that route, like the file addresses (about an hour). */
export const certificateUrl = (documentId: string, kind: CertificateKind, filename: string) =>
  signedRouteUrl(certificatePath(documentId, kind), { filename });
