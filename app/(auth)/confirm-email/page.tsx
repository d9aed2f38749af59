import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { getDb } from "@/lib/server/db/client";
import { getPendingConfirmation } from "@/lib/server/accounts/confirm-email";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";

export const metadata: Metadata = { title: "Confirm your e-mail address" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

/**
 * The mailed link lands here. Opening it changes nothing (mail scanners open
 * links too): the address is confirmed by the form, which also asks for the
 * password chosen at sign-up (lib/server/accounts/confirm-email.ts says why).
 */
export default async function ConfirmEmailPage({ searchParams }: Props) {
  const params = await searchParams;
  const token = one(params.token) ?? "";
  const next = safeNextPath(one(params.next));
  const pending = await getPendingConfirmation(await getDb(), token);
  if (!pending) {
    return (
      <AuthCard title="This link cannot be used">
        <Alert>
          The confirmation link has expired, was already used, or a newer one was sent since. If you already confirmed
          your address, sign in; otherwise sign up again with the same address for a new link.
        </Alert>
        <p className="flex justify-center gap-4 text-sm">
          <Link className="font-medium text-brand-600 hover:underline" href={`/login?next=${encodeURIComponent(next)}`}>
            Sign in
          </Link>
          <Link className="font-medium text-brand-600 hover:underline" href={`/signup?next=${encodeURIComponent(next)}`}>
            Sign up again
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your e-mail address" subtitle={<>For <strong>{pending.user.email}</strong>.</>}>
      <form method="post" action="/confirm-email/submit" className="space-y-4">
        {one(params.error) === "password" ? (
          <Alert>That is not the password this sign-up was made with. Enter the password you chose when you signed up.</Alert>
        ) : null}
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="next" value={next} />
        <TextField
          label="Password"
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus
          hint="The password you chose when you signed up."
        />
        <Button type="submit" className="w-full">
          Confirm and sign in
        </Button>
      </form>
    </AuthCard>
  );
}
