// The fixtures of the run (written by e2e/run-all.mjs) for the UI tests.
import fs from "node:fs";
import path from "node:path";
import type { Fixtures } from "../api/helpers";

export function loadFixtures(): Fixtures {
  const file = process.env.FIXTURES || path.resolve("e2e/.artifacts/fixtures.json");
  if (!fs.existsSync(file)) throw new Error(`No fixtures at ${file}: run the UI tests through \`npm test\` (e2e/run-all.mjs).`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as Fixtures;
}

export function authorizeUrl(p: { clientId: string; redirectUri: string; scope?: string; state?: string }) {
  const q = new URLSearchParams({ client_id: p.clientId, redirect_uri: p.redirectUri, response_type: "code" });
  if (p.scope) q.set("scope", p.scope);
  if (p.state) q.set("state", p.state);
  return `/oauth/authorize?${q}`;
}
