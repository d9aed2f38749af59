import type { SignerView } from "@/lib/api/signing";

/** Document name, who sent it and their message. */
export function SignerHeader({ view, compact = false }: { view: SignerView; compact?: boolean }) {
  return (
    <header className={compact ? "space-y-1 text-center" : "space-y-1"}>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
        {view.sender.name ? `From ${view.sender.name}` : "Document for signature"}
      </p>
      <h1 className="break-words text-xl font-semibold text-slate-900 sm:text-2xl">{view.document.name}</h1>
      {!compact && view.document.message ? (
        <p className="whitespace-pre-line break-words text-sm text-slate-700">{view.document.message}</p>
      ) : null}
    </header>
  );
}
