import type { ReactNode } from "react";

export function Alert({ tone = "error", children }: { tone?: "error" | "info"; children: ReactNode }) {
  const style = tone === "error" ? "bg-red-50 text-red-800 ring-red-200" : "bg-brand-50 text-brand-700 ring-brand-100";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md px-3 py-2 text-sm ring-1 ring-inset ${style}`}>
      {children}
    </div>
  );
}
