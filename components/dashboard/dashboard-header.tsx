"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { isCurrent, NAV_ITEMS } from "./nav-items";
import { SignOutButton } from "./sign-out-button";

/**
 * The dashboard's top bar: the sections, who is signed in, and Sign out.
 * On a phone the sections fold into a menu opened by a button.
 */
export function DashboardHeader({ user }: { user: { name: string; email: string } }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  // A chosen link navigates; the phone menu should not stay open over the new page.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3 sm:px-6">
        <Link href="/documents" className="shrink-0 font-semibold text-brand-700">
          Signing Service
        </Link>
        <nav aria-label="Main" className="hidden flex-1 lg:block">
          <NavLinks pathname={pathname} className="flex gap-1" />
        </nav>
        <div className="ml-auto hidden items-center gap-3 lg:flex">
          <p className="text-sm text-slate-700" data-testid="signed-in-user" title={user.email}>
            {user.name || user.email}
          </p>
          <SignOutButton />
        </div>
        <button
          type="button"
          className="ml-auto rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300 lg:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Close menu" : "Menu"}
        </button>
      </div>
      <div id="mobile-menu" hidden={!open} className="border-t border-slate-200 px-4 pb-4 pt-2 lg:hidden">
        <nav aria-label="Main (menu)">
          <NavLinks pathname={pathname} className="space-y-1" />
        </nav>
        <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-200 pt-3">
          <p className="truncate text-sm text-slate-700">
            {user.name || user.email}
            <span className="block text-xs text-slate-500">{user.email}</span>
          </p>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}

/** The sections as links, the current one marked: the bar's row and the phone menu's column. */
function NavLinks({ pathname, className }: { pathname: string; className: string }) {
  return (
    <ul className={className}>
      {NAV_ITEMS.map((item) => {
        const current = isCurrent(pathname, item.href);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={current ? "page" : undefined}
              className={`block rounded-md px-3 py-2 text-sm font-medium ${current ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"}`}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
