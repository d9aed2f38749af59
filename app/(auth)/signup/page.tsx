import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { signupErrors, type SignupErrorCode } from "@/lib/api/signup";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";

export const metadata: Metadata = { title: "Create account" };

type Props = { searchParams: Promise<Record<string, string | undefined>> };

export default async function SignupPage({ searchParams }: Props) {
  const { next: rawNext, error, name = "", email = "", company = "" } = await searchParams;
  const next = safeNextPath(rawNext);
  const code = error && error in signupErrors ? (error as SignupErrorCode) : undefined;
  const fieldError = (field: SignupErrorCode) => (code === field ? signupErrors[field] : undefined);
  return (
    <AuthCard title="Create your account" subtitle="Send documents for signature in minutes. We e-mail you a link to confirm your address.">
      <form method="post" action="/signup/submit" className="space-y-4" noValidate>
        <input type="hidden" name="next" value={next} />
        <TextField label="Name" id="name" name="name" autoComplete="name" required defaultValue={name} error={fieldError("name")} />
        <TextField label="Email" id="email" name="email" type="email" autoComplete="email" required defaultValue={email} error={fieldError("email")} />
        <TextField
          label="Password"
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          error={fieldError("password")}
          hint="At least 10 characters."
        />
        <TextField label="Company" id="company" name="company" autoComplete="organization" defaultValue={company} />
        <Button type="submit" className="w-full">
          Create account
        </Button>
      </form>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link className="font-medium text-brand-600 hover:underline" href={`/login?next=${encodeURIComponent(next)}`}>
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
