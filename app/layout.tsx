import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Signing Service", template: "%s · Signing Service" },
  description: "Send documents for signature and follow them to a tamper-evident signed PDF.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry the nonce of that
  // response's Content-Security-Policy (proxy.ts), which a page built ahead of
  // time could not know. Next.js reads the nonce from the request's policy.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
