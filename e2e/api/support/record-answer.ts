// Issue 15 point 5: every answer the API tests receive follows the OpenAPI
// documents. With E2E_RECORD_ANSWERS=<file> (set by e2e/run-all.mjs), each
// answer of the documented API (/public/v1|v2, /oauth, /ext) that the test
// helpers receive, from the shared server or a test's own, is appended to that
// file as one JSON line; a pass after the API files checks them all
// (e2e/api/openapi-contract.test.ts, "recorded answers").
import fs from "node:fs";
import { DOCUMENTED_AREA, type Answer } from "./openapi-contract";

export function recordAnswer(method: string, url: URL, res: Response, text: string) {
  const file = process.env.E2E_RECORD_ANSWERS;
  if (!file || !DOCUMENTED_AREA.test(url.pathname)) return;
  const line: Answer = { method: method.toUpperCase(), path: url.pathname, status: res.status, contentType: res.headers.get("content-type") ?? "", text };
  fs.appendFileSync(file, JSON.stringify(line) + "\n");
}
