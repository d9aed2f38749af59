// Reads the JSON reports of vitest and Playwright into one short summary.
import fs from "node:fs";

/** The first lines of a failure's message, without colours: the CI summary is often all a reader gets. */
function reason(message) {
  const text = String(message ?? "").replace(/\u001b\[[0-9;]*m/g, "").trim();
  if (!text) return "";
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("at ")).slice(0, 3).join(" ⏎ ");
  return `\n            ${lines.length > 400 ? `${lines.slice(0, 400)}…` : lines}`;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** vitest's json reporter (jest-compatible shape). */
export function vitestSummary(file, exitCode, { name = "API (vitest)", minPassed = 0 } = {}) {
  const r = readJson(file);
  if (!r) return { name, ok: false, line: `no report (${file}); exit code ${exitCode}`, failures: [] };
  const failures = [];
  for (const f of r.testResults ?? []) {
    for (const a of f.assertionResults ?? []) {
      if (a.status === "failed") failures.push(`${f.name.replace(process.cwd() + "/", "")} › ${a.fullName}${reason((a.failureMessages ?? [])[0])}`);
    }
    if ((f.assertionResults ?? []).length === 0 && f.status === "failed") failures.push(`${f.name} (file failed: ${(f.message ?? "").split("\n")[0]})`);
  }
  const ok = exitCode === 0 && r.numFailedTests === 0 && r.numFailedTestSuites === 0 && r.numTotalTests > 0 && r.numPassedTests >= minPassed;
  const line = `${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + (r.numTodoTests ?? 0)} skipped, ${r.numTotalTests} total (${(r.testResults ?? []).length} files); exit code ${exitCode}`;
  return { name, ok, line, failures };
}

/** Playwright's json reporter. */
export function playwrightSummary(file, exitCode) {
  const r = readJson(file);
  if (!r) return { name: "UI (playwright)", ok: false, line: `no report (${file}); exit code ${exitCode}`, failures: [] };
  const failures = [];
  const walk = (suite, trail) => {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === "unexpected") failures.push(`${[...here, spec.title].join(" › ")}${reason((t.results ?? []).at(-1)?.error?.message)}`);
      }
    }
    for (const s of suite.suites ?? []) walk(s, here);
  };
  for (const s of r.suites ?? []) walk(s, []);
  const st = r.stats ?? {};
  const total = (st.expected ?? 0) + (st.unexpected ?? 0) + (st.flaky ?? 0) + (st.skipped ?? 0);
  const errors = (r.errors ?? []).map((e) => `error: ${(e.message ?? "").split("\n")[0]}`);
  failures.push(...errors);
  const ok = exitCode === 0 && (st.unexpected ?? 0) === 0 && errors.length === 0 && total > 0;
  const line = `${st.expected ?? 0} passed, ${st.unexpected ?? 0} failed, ${st.flaky ?? 0} flaky, ${st.skipped ?? 0} skipped, ${total} total; exit code ${exitCode}`;
  return { name: "UI (playwright)", ok, line, failures };
}

export function printSummary(results) {
  console.log("\n==================== e2e summary ====================");
  for (const r of results) {
    console.log(`${r.ok ? "PASS" : "FAIL"}  ${r.name}: ${r.line}`);
    for (const f of r.failures.slice(0, 50)) console.log(`        ✗ ${f}`);
    if (r.failures.length > 50) console.log(`        … and ${r.failures.length - 50} more`);
  }
  console.log("======================================================");
}
