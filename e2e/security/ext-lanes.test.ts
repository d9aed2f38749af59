// Issue 10 point 3: third-party applications stay in their lane. Every /ext
// endpoint (the dashboard's administration of an account: callback signing
// secret, applications, outbox, drafts, template builder) answers 403 to a
// token a user granted a third-party application, whatever its scopes, and
// works for the dashboard's own client. The endpoints are read from the route
// files, so a new /ext route is covered without touching this test.
import { beforeAll, describe, expect, it } from "vitest";
import { api, dashboardTokenFor, tokenFor } from "../api/helpers";
import { routeEndpoints } from "./support/route-files";

type Endpoint = { method: string; path: string };

// Dynamic segments get an id of the right shape that exists nowhere.
const extEndpoints = (): Endpoint[] =>
  routeEndpoints()
    .filter((e) => e.template.startsWith("/ext/"))
    .map((e) => ({ method: e.method, path: e.template.replace(/\[[^\]]+\]/g, "0123456789abcdef0123456789abcdef") }));

const endpoints = extEndpoints();
let thirdParty: Record<"read" | "write" | "read write", string>;
let dashboard: string;

beforeAll(async () => {
  thirdParty = {
    read: (await tokenFor("alice", "read")).access_token,
    write: (await tokenFor("alice", "write")).access_token,
    "read write": (await tokenFor("alice", "read write")).access_token,
  };
  dashboard = (await dashboardTokenFor("alice")).access_token;
});

describe("/ext endpoints", () => {
  it("are found in the route files", () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(18);
    expect(endpoints).toContainEqual({ method: "GET", path: "/ext/callback_secret" });
    expect(endpoints).toContainEqual({ method: "POST", path: "/ext/applications" });
  });

  for (const scope of ["read", "write", "read write"] as const) {
    it(`answer 403 to a third-party token with scope "${scope}", before doing anything`, async () => {
      for (const e of endpoints) {
        const res = await api(e.path, { token: thirdParty[scope], method: e.method, body: e.method === "GET" ? undefined : { name: "x" } });
        expect({ endpoint: `${e.method} ${e.path}`, status: res.status, body: res.body }).toEqual({
          endpoint: `${e.method} ${e.path}`,
          status: 403,
          body: { error: "This endpoint is reserved for the service's own dashboard." },
        });
      }
    });
  }

  it("the third-party token rotates no secret and creates no application", async () => {
    const before = (await api("/ext/callback_secret", { token: dashboard })).body.callback_secret;
    expect(before).toMatch(/^whsec_/);
    await api("/ext/callback_secret", { token: thirdParty.write, method: "POST" });
    await api("/ext/applications", { token: thirdParty.write, method: "POST", body: { name: "Evil", redirect_uri: "https://evil.example/cb" } });
    expect((await api("/ext/callback_secret", { token: dashboard })).body.callback_secret).toBe(before);
    const apps = (await api("/ext/applications", { token: dashboard })).body;
    expect(JSON.stringify(apps)).not.toContain("Evil");
  });

  it("work for the dashboard's own client", async () => {
    for (const p of ["/ext/account", "/ext/callback_secret", "/ext/applications", "/ext/outbox"]) {
      const res = await api(p, { token: dashboard });
      expect({ path: p, status: res.status }).toEqual({ path: p, status: 200 });
    }
  });

  it("the spec's own endpoints still work for the third-party token", async () => {
    expect((await api("/public/v2/me", { token: thirdParty.read })).status).toBe(200);
    expect((await api("/public/v2/documents", { token: thirdParty.read })).status).toBe(200);
  });
});
