import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";
import { SigningError } from "@/lib/server/signing/signing-error";

export const metadata: Metadata = { title: "Link not valid", robots: { index: false } };

/**
 * A signing address that names no signer, or names one with another token (a
 * mistyped or truncated link, or one replaced when the sender corrected the
 * recipient): HTTP 404 with the signer's own words, the same for both, so the
 * page does not tell whether a signer exists.
 */
export default function SignerLinkNotFound() {
  return (
    <AuthCard title="This link does not work">
      <Alert>{SigningError.invalidLink().message}</Alert>
      <p className="text-sm text-slate-600">
        If the sender changed your name or e-mail address, a new invitation was sent: use the link in the newest e-mail, or ask the sender
        to send it again.
      </p>
    </AuthCard>
  );
}
