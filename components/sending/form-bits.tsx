import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

// Small labelled controls of the sending forms that components/ui does not
// have (checkbox, select, textarea, group error). Each ties its error to the
// control with aria-describedby so screen readers read it with the control.

const inputRing =
  "block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 aria-invalid:ring-red-500";

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-600" data-field-error>
      {message}
    </p>
  );
}

export function CheckboxField({
  id,
  label,
  hint,
  error,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: ReactNode; hint?: ReactNode; error?: string }) {
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className="mt-0.5 size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600"
          {...props}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      {hint && !error ? (
        <p id={`${id}-hint`} className="pl-6 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string; error?: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea id={id} rows={3} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={inputRing} {...props} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function SelectField({
  id,
  label,
  error,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string; error?: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={inputRing} {...props}>
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A titled group of controls with the error that concerns the group as a whole. */
export function FormSection({
  id,
  title,
  description,
  error,
  children,
  actions,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  error?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <fieldset
      id={id}
      aria-describedby={error ? `${id}-error` : undefined}
      className={`space-y-3 rounded-lg bg-white p-4 ring-1 ${error ? "ring-red-300" : "ring-slate-200"}`}
    >
      <legend className="sr-only">{title}</legend>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-medium text-slate-900" aria-hidden="true">
            {title}
          </h2>
          {description ? <p className="text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200">
          {error}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}
