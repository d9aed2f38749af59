import type { SignerView } from "@/lib/api/signing";

/**
 * Document name, who sent it and their message. When the signer is the
 * sender (same address) it says so instead of "From <their own name>".
 */
export function SignerHeader({ view, compact = false }: { view: SignerView; compact?: boolean }) {
  const self = view.signer.isSender;
  return (
    <header className={compact ? "space-y-1 text-center" : "space-y-1"}>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
        {self ? "Your document" : view.sender.name ? `From ${view.sender.name}` : "Document for signature"}
      </p>
      <h1 className="break-words text-xl font-semibold text-slate-900 sm:text-2xl">{view.document.name}</h1>
      {self ? (
        <p className="break-words text-sm text-slate-700" data-testid="sender-as-signer">
          You sent this document and are signing it as <span className="font-semibold">{view.signer.roleName}</span>.
        </p>
      ) : null}
      {!compact && view.document.message ? (
        <p className="whitespace-pre-line break-words text-sm text-slate-700">
          {self ? <span className="font-medium">Your message to the signers: </span> : null}
          {view.document.message}
        </p>
      ) : null}
    </header>
  );
}
