import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { HydrationMark } from "@/components/ui/hydration-mark";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Signing Service", template: "%s · Signing Service" },
  description: "Send documents for signature and follow them to a tamper-evident signed PDF.",
  applicationName: "Signing Service",
  // Files in public/ (scripts/make-icons.mjs draws them): the ICO for browsers that ask for
  // /favicon.ico, the SVG for those that take it, the square PNG for iOS home screens.
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "48x48" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
    apple: [{ url: "/apple-touch-icon.png", sizes: "180x180" }],
  },
  manifest: "/manifest.webmanifest",
};

export const viewport: Viewport = { themeColor: "#2552e8" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry the nonce of that
  // response's Content-Security-Policy (proxy.ts), which a page built ahead of
  // time could not know. Next.js reads the nonce from the request's policy.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen">
        {children}
        <HydrationMark />
      </body>
    </html>
  );
}
