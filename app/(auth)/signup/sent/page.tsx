import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";
import { confirmationTtlHours } from "@/lib/server/accounts/confirm-email";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";

export const metadata: Metadata = { title: "Check your e-mail" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const formatHours = (h: number) => (h >= 1 ? `${Math.round(h)} hours` : `${Math.max(1, Math.round(h * 60))} minutes`);

/** The one answer to every sign-up, whether or not the address had an account. */
export default async function SignupSentPage({ searchParams }: Props) {
  const params = await searchParams;
  const email = typeof params.email === "string" ? params.email : "";
  const next = safeNextPath(params.next);
  return (
    <AuthCard title="Check your e-mail" subtitle="One more step before you can sign in.">
      <Alert tone="info">
        We sent a message to <strong>{email || "the address you entered"}</strong>. Open the link in it and enter your
        password to confirm the address; the link works once, for {formatHours(confirmationTtlHours())}.
      </Alert>
      <p className="text-sm text-slate-600">
        Nothing arrived? Check the spam folder, or sign up again with the same address for a new link (the earlier one
        then stops working).
      </p>
      <p className="text-center text-sm text-slate-600">
        <Link className="font-medium text-brand-600 hover:underline" href={`/login?next=${encodeURIComponent(next)}`}>
          Back to sign-in
        </Link>
      </p>
    </AuthCard>
  );
}
