import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInButton } from "@/components/dashboard/sign-in-button";
import { Alert } from "@/components/ui/alert";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";

export const metadata: Metadata = { title: "Sign in to the dashboard" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// next-auth sends its failures here as ?error=<code>.
const errors: Record<string, string> = {
  OAuthSignin: "Sign-in could not be started. Please try again.",
  OAuthCallback: "Sign-in did not complete. Please try again.",
  Callback: "Sign-in did not complete. Please try again.",
  AccessDenied: "Access was not granted.",
  SessionRequired: "Please sign in to continue.",
};

/** Only a path on this site (the service's one redirect rule): anything else would be an open redirect. */
const safeCallback = (value: string | string[] | undefined) => safeNextPath(Array.isArray(value) ? value[0] : value, "/documents");

export default async function DashboardSignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const callbackUrl = safeCallback(params.callbackUrl);
  const error = typeof params.error === "string" ? (errors[params.error] ?? "Sign-in failed. Please try again.") : null;
  return (
    <AuthCard title="Sign in to the dashboard" subtitle="Send documents, follow their signatures and manage your API settings.">
      {params.signedOut ? <Alert tone="info">You are signed out.</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      {/* Straight on to the service's sign-in form, except after signing out or an error (the person chooses then). */}
      <SignInButton callbackUrl={callbackUrl} autoStart={!params.signedOut && !error} />
      <p className="text-center text-sm text-slate-600">
        No account yet?{" "}
        <Link className="font-medium text-brand-600 hover:underline" href="/signup">
          Create one
        </Link>
      </p>
    </AuthCard>
  );
}
