import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";
import { SignerPage } from "@/components/signing/signer-page";
import { getDb } from "@/lib/server/db/client";
import { getSignerContextOrThrow } from "@/lib/server/signing/signer-context";
import { hasPassedPin, pinCookieName } from "@/lib/server/signing/signer-pin";
import { buildSignerView } from "@/lib/server/signing/build-signer-view";
import { recordFirstView } from "@/lib/server/signing/record-first-view";
import { SigningError } from "@/lib/server/signing/signing-error";
import { requestOrigin } from "@/lib/server/documents/record-audit";
import { dateLocaleOf } from "@/lib/api/signer-fields";

export const metadata: Metadata = { title: "Sign", robots: { index: false } };

// Pinch zoom stays allowed (no maximumScale, no userScalable: false): signers zoom into small print on phones.
export const viewport: Viewport = { width: "device-width", initialScale: 1 };

type Props = { params: Promise<{ signerId: string }>; searchParams: Promise<{ access_token?: string }> };

/** A signer's page; the token in the address is the only credential (it may be inside another site's iframe). */
export default async function SignPage({ params, searchParams }: Props) {
  const { signerId } = await params;
  const { access_token: token = "" } = await searchParams;
  const db = await getDb();
  let ctx;
  try {
    ctx = await getSignerContextOrThrow(db, signerId, token);
  } catch (err) {
    if (!(err instanceof SigningError)) throw err;
    // No such link (or no longer: a changed recipient's old one): HTTP 404, the page in not-found.tsx.
    if (err.status === 404) notFound();
    return (
      <AuthCard title="This link does not work">
        <Alert>{err.message}</Alert>
      </AuthCard>
    );
  }
  const pinPassed = hasPassedPin(ctx, (await cookies()).get(pinCookieName(signerId))?.value);
  const h = await headers();
  if (pinPassed) await recordFirstView(db, ctx, requestOrigin(new Request("http://local/", { headers: h })));
  const view = await buildSignerView(db, ctx, { pinPassed, accessToken: token, locale: dateLocaleOf(h.get("accept-language")) });
  return <SignerPage view={view} />;
}
