import Link from "next/link";
import { Alert } from "@/components/ui/alert";

/** A page whose API read was refused: the title, the API's words, and the way back. */
export function NotLoaded({ title, error, back }: { title: string; error: string; back: { href: string; label: string } }) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <Alert>{error}</Alert>
      <Link href={back.href} className="text-sm font-medium text-brand-700 hover:underline">
        {back.label}
      </Link>
    </div>
  );
}
