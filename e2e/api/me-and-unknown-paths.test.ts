// GET /me (spec 2.6, 4.8) on /public/v1 and /public/v2, and unknown paths (docs/api-decisions.md).
// Real server over HTTP, fixtures from the admin CLI.
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { expectError, expectFieldTypes, obtainTokens, VERSIONS, type Tokens } from "./support/checks";
import { users } from "./support/documents-fixtures";

let t: Tokens;
beforeAll(async () => {
  t = await obtainTokens(["alice", "aliceRead", "bob", "carol"]);
});



describe.each(VERSIONS)("GET /public/%s/me", (v) => {
  it("answers {user} with the spec 2.6 fields of the token's user", async () => {
    const res = await api(`/public/${v}/me`, { token: t.alice });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["user"]);
    const u = res.body.user;
    expectFieldTypes(
      u,
      {
        id: ["string"],
        timezone: ["string", "null"],
        name: ["string"],
        email: ["string"],
        company: ["string"],
        avatar_url: ["string", "null"],
        can_send_documents: ["boolean"],
        is_grace_period: ["boolean"],
        cancellation_date: ["null", "string"],
      },
      "user",
    );
    expect(u).toMatchObject({ id: users.alice.id, name: users.alice.name, email: users.alice.email, company: users.alice.company });
    expect(u.can_send_documents).toBe(true);
    expect(u.is_grace_period).toBe(false);
    expect(u.cancellation_date).toBeNull();
    const bob = await api(`/public/${v}/me`, { token: t.bob });
    expect(bob.body.user).toMatchObject({ id: users.bob.id, email: users.bob.email, company: users.bob.company });
  });

  it("a read-only token may read it", async () => {
    expect((await api(`/public/${v}/me`, { token: t.aliceRead })).body.user.email).toBe(users.alice.email);
  });
});

describe("unknown paths → 404 {error: Not found.}", () => {
  it.each([
    ["GET", "/public/v2/nope"],
    ["GET", "/public/v1/nope"],
    ["GET", "/public/v3/documents"],
    ["GET", "/public/v3/me"],
    ["POST", "/public/v2/nope/deeper"],
    ["GET", "/public/v2/documents/x/nope"],
  ])("%s %s", async (method, path) => {
    const res = await api(path, { token: t.alice, method, body: method === "POST" ? {} : undefined });
    expectError(res, 404, "Not found.");
  });

  it("also without a token", async () => {
    expectError(await api("/public/v3/documents"), 404, "Not found.");
  });
});
