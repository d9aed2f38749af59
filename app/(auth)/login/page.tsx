import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { ResendConfirmationForm } from "@/components/auth/resend-confirmation-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";

export const metadata: Metadata = { title: "Sign in" };

const errors: Record<string, string> = {
  invalid: "The e-mail or password is not correct.",
  missing: "Enter your e-mail and password.",
};

type Props = { searchParams: Promise<Record<string, string | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  const { next: rawNext, error, email = "", signedOut } = await searchParams;
  const next = safeNextPath(rawNext);
  if (error === "unconfirmed") {
    return (
      <AuthCard title="Confirm your e-mail address first" subtitle={<>Signed up as <strong>{email}</strong>.</>}>
        <Alert>
          Your password is right, but the address is not confirmed yet. Open the link we e-mailed you when you signed
          up; until then you cannot sign in or allow applications to use your account.
        </Alert>
        <ResendConfirmationForm email={email} next={next} />
        <p className="text-center text-sm text-slate-600">
          <Link className="font-medium text-brand-600 hover:underline" href={`/login?next=${encodeURIComponent(next)}`}>
            Back to sign-in
          </Link>
        </p>
      </AuthCard>
    );
  }
  const message = error ? (errors[error] ?? errors.invalid) : undefined;
  return (
    <AuthCard title="Sign in" subtitle="Use your Signing Service account.">
      <form method="post" action="/login/submit" className="space-y-4">
        {signedOut ? <Alert tone="info">You are signed out.</Alert> : null}
        {message ? <Alert>{message}</Alert> : null}
        <input type="hidden" name="next" value={next} />
        <TextField label="Email" id="email" name="email" type="email" autoComplete="email" required defaultValue={email} autoFocus={!email} />
        <TextField label="Password" id="password" name="password" type="password" autoComplete="current-password" required autoFocus={!!email} />
        <Button type="submit" className="w-full">
          Sign in
        </Button>
      </form>
      <p className="text-center text-sm text-slate-600">
        No account yet?{" "}
        <Link className="font-medium text-brand-600 hover:underline" href={`/signup?next=${encodeURIComponent(next)}`}>
          Create one
        </Link>
      </p>
    </AuthCard>
  );
}
