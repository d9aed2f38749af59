import { Button } from "@/components/ui/button";

/** Asks for a new confirmation link (earlier links stop working); answered like a sign-up. */
export function ResendConfirmationForm({ email, next }: { email: string; next: string }) {
  return (
    <form method="post" action="/confirm-email/resend" className="space-y-2">
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="next" value={next} />
      <Button type="submit" variant="secondary" className="w-full">
        Send a new confirmation link
      </Button>
    </form>
  );
}
