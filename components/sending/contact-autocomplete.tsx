"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useFormContext } from "react-hook-form";
import type { Contact } from "@/lib/api/contacts";
import { searchContacts } from "@/app/(dashboard)/_lib/contact-actions";

/**
 * A recipient's name or e-mail input that suggests people the sender sent
 * documents to before (/ext/contacts); picking one fills both the name and
 * the e-mail of that recipient. An ARIA 1.2 combobox: arrow keys move through
 * the suggestions, Enter picks, Escape closes; typing stays free text.
 */
export function ContactAutocomplete({
  id,
  label,
  error,
  field,
  namePath,
  emailPath,
}: {
  id: string;
  label: string;
  error?: string;
  /** Which of the two this input is. */
  field: "name" | "email";
  namePath: string;
  emailPath: string;
}) {
  const { register, setValue } = useFormContext();
  const registration = register(field === "name" ? namePath : emailPath);
  const listId = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [options, setOptions] = useState<Contact[]>([]);
  const [open, setOpen] = useState(false);
  // The highlighted suggestion by address, so it stays highlighted when a later answer still has it.
  const [activeEmail, setActiveEmail] = useState<string | null>(null);
  const active = activeEmail === null ? -1 : options.findIndex((c) => c.email === activeEmail);
  const latest = useRef(0);
  const focused = useRef(false);

  // Suggestions follow what is typed (debounced; an answer to an older query is dropped).
  useEffect(() => {
    if (query === null) return;
    const q = query.trim();
    if (!q) {
      setOptions([]);
      return;
    }
    const ticket = ++latest.current;
    const timer = setTimeout(async () => {
      const r = await searchContacts(q).catch(() => null);
      if (ticket !== latest.current) return;
      const found = r?.ok ? r.data : [];
      // Nothing to suggest once the text is a whole known name or address, or after focus moved on.
      const typed = q.toLowerCase();
      const complete = found.some((c) => (field === "name" ? c.name : c.email).toLowerCase() === typed);
      setOptions(found);
      setOpen(found.length > 0 && !complete && focused.current);
    }, 150);
    return () => clearTimeout(timer);
  }, [query, field]);

  function pick(c: Contact) {
    setValue(namePath, c.name, { shouldValidate: true, shouldDirty: true });
    setValue(emailPath, c.email, { shouldValidate: true, shouldDirty: true });
    setOpen(false);
    setActiveEmail(null);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" && options.length) {
      e.preventDefault();
      setOpen(true);
      setActiveEmail(options[(active + 1) % options.length]!.email);
    } else if (e.key === "ArrowUp" && options.length) {
      e.preventDefault();
      setOpen(true);
      setActiveEmail(options[active <= 0 ? options.length - 1 : active - 1]!.email);
    } else if (e.key === "Enter" && open && active >= 0 && options[active]) {
      e.preventDefault(); // picks the suggestion instead of submitting the form
      pick(options[active]!);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      setActiveEmail(null);
    }
  }

  const describedBy = error ? `${id}-error` : undefined;
  const expanded = open && options.length > 0;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={field === "email" ? "email" : "text"}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          className="block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-600 aria-invalid:ring-red-500"
          {...registration}
          onChange={(e) => {
            void registration.onChange(e);
            setQuery(e.target.value);
          }}
          onFocus={() => {
            focused.current = true;
          }}
          onBlur={(e) => {
            focused.current = false;
            void registration.onBlur(e);
            setOpen(false);
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="People you sent documents to"
          hidden={!expanded}
          className="absolute left-0 right-0 z-20 mt-1 max-h-64 overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200"
        >
          {options.map((c, i) => (
            <li
              key={c.email}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // mousedown, not click: the input keeps focus, so blur does not close the list first
              onMouseDown={(e) => {
                e.preventDefault();
                pick(c);
              }}
              className={`cursor-pointer px-3 py-2 ${i === active ? "bg-brand-50 text-brand-900" : "text-slate-900 hover:bg-slate-50"}`}
            >
              <span className="block font-medium">{c.name || c.email}</span>
              {c.name ? <span className="block break-all text-slate-600">{c.email}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      <p className="sr-only" role="status">
        {expanded ? `${options.length} suggestion${options.length === 1 ? "" : "s"} from past recipients; use the arrow keys to choose.` : ""}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
