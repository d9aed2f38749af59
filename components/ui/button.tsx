import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "danger";

// A disabled button must look disabled in every variant (issue 13, point 7):
// a paler fill, muted text, no shadow and the not-allowed cursor. Hover keeps
// the disabled look (disabled: comes after hover: in Tailwind's order). axe
// exempts disabled controls from the contrast rule, and the text stays legible.
const variants: Record<Variant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/50 disabled:text-white/90",
  secondary:
    "bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:bg-slate-100 disabled:text-slate-500 disabled:ring-slate-200",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50 disabled:text-white/90",
};

export function Button({
  variant = "primary",
  className = "",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      data-variant={variant}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold shadow-sm transition disabled:cursor-not-allowed disabled:shadow-none ${variants[variant]} ${className}`}
      {...props}
    />
  );
}
