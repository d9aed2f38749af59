// Accessibility checks with axe-core (@axe-core/playwright): the WCAG 2.0
// and 2.1 A/AA rules on the page as it is now. A "serious" or "critical"
// violation fails the test; the message names each rule, its impact, what
// to do about it (axe's help and link) and the selectors of the failing
// elements, so the failure can be fixed without re-running axe by hand.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { Result } from "axe-core";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING = new Set(["serious", "critical"]);

/** One line per violation, then each failing element: its selector (">>>" into iframes), its HTML and axe's summary. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const html = n.html.length > 160 ? `${n.html.slice(0, 160)}…` : n.html;
        const summary = n.failureSummary ? `\n      ${n.failureSummary.replace(/\n\s*/g, " ")}` : "";
        return `    - ${n.target.map(String).join(" >>> ")}\n      ${html}${summary}`;
      });
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes.join("\n")}`;
    })
    .join("\n");
}

/**
 * Runs axe on the whole page (iframes of the same origin included) and fails
 * on serious or critical violations. `screen` names the state in the message.
 * Waits for the page's scripts, fonts and transitions first: a half-hydrated page or a
 * fallback font can give a different (wrong) contrast or name.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string) {
  // Network idle is a hint, not a requirement: once (PostgreSQL CI, the embedded-signing preview with two signer
  // iframes) something kept the network busy for 30 s. Every frame's load and fonts are what axe needs.
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => console.warn(`[a11y] ${screen}: the network did not go idle within 10 s; checking anyway`));
  for (const frame of page.frames()) {
    await frame.waitForLoadState("load");
    await frame.evaluate(() => document.fonts.ready.then(() => undefined));
    // A colour mid-transition is neither the old nor the new one: a button just enabled fades from its disabled
    // look in 150 ms, and axe measured it half-way (contrast 2.1). Finite transitions and animations end first.
    await frame.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ).then(() => undefined),
    );
  }
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ""));
  expect(blocking.map((v) => v.id), `${screen} (${page.url()}): ${blocking.length} serious/critical accessibility violation(s):\n${describeViolations(blocking)}`).toEqual([]);
}
