import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { signupErrors, type SignupErrorCode } from "@/lib/api/signup";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";
import { FocusOnMount } from "./focus-on-mount";

export const metadata: Metadata = { title: "Create account" };

const FIELD_NAMES: Record<SignupErrorCode, string> = { name: "Name", email: "Email", password: "Password" };

type Props = { searchParams: Promise<Record<string, string | undefined>> };

export default async function SignupPage({ searchParams }: Props) {
  const { next: rawNext, error, name = "", email = "", company = "" } = await searchParams;
  const next = safeNextPath(rawNext);
  // Every invalid field is reported at once (the handler sends all codes); the first one takes the focus.
  const codes = (error ?? "").split(",").filter((c): c is SignupErrorCode => c in signupErrors);
  const fieldError = (field: SignupErrorCode) => (codes.includes(field) ? signupErrors[field] : undefined);
  const first = codes[0];
  return (
    <AuthCard title="Create your account" subtitle="Send documents for signature in minutes. We e-mail you a link to confirm your address.">
      {codes.length ? (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200" data-testid="signup-errors">
          {/* The fields by name (each one's own message is under it), so a screen reader hears everything at once. */}
          <p>
            <span className="font-medium">{codes.length === 1 ? "One field needs fixing:" : `${codes.length} fields need fixing:`}</span>{" "}
            {codes.map((c, i) => (
              <span key={c}>
                {i > 0 ? ", " : null}
                <a href={`#${c}`} className="underline">
                  {FIELD_NAMES[c]}
                </a>
              </span>
            ))}
            .
          </p>
        </div>
      ) : null}
      {first ? <FocusOnMount id={first} /> : null}
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
