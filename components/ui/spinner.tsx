/** A small busy indicator; pair it with visible text or pass a label for screen readers. */
export function Spinner({ label, className = "" }: { label?: string; className?: string }) {
  return (
    <span role={label ? "status" : undefined} className={`inline-flex items-center ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 animate-spin text-current">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="4" className="opacity-25" />
        <path d="M22 12a10 10 0 0 0-10-10" fill="none" stroke="currentColor" strokeWidth="4" className="opacity-75" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
