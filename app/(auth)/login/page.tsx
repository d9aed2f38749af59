import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

export const metadata: Metadata = { title: "Sign in" };

const errors: Record<string, string> = {
  invalid: "The e-mail or password is not correct.",
  missing: "Enter your e-mail and password.",
};

type Props = { searchParams: Promise<Record<string, string | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  const { next = "/", error, email = "" } = await searchParams;
  const message = error ? (errors[error] ?? errors.invalid) : undefined;
  return (
    <AuthCard title="Sign in" subtitle="Use your Signing Service account.">
      <form method="post" action="/login/submit" className="space-y-4">
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
