export const NAV_ITEMS = [
  { href: "/documents", label: "Documents" },
  { href: "/templates", label: "Templates" },
  { href: "/send", label: "Send a file" },
  { href: "/archived", label: "Archived" },
  { href: "/settings", label: "Settings" },
  { href: "/profile", label: "Profile" },
] as const;

/** A section is current on its own page and on the pages below it. */
export const isCurrent = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);
