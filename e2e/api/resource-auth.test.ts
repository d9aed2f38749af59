// Authentication of resource calls (spec 5.3, 5.4, 7) and GET /me (4.8, 2.6).
import { beforeAll, describe, expect, it } from "vitest";
import { api, fixtures, http, me, tokenFor, type TokenResponse } from "./helpers";

const alice = fixtures.users.alice;
const bob = fixtures.users.bob;
const docs = fixtures.documents.alice.pending;

let readWrite: TokenResponse;
let readOnly: TokenResponse;

beforeAll(async () => {
  readWrite = await tokenFor("alice", "read write");
  readOnly = await tokenFor("alice", "read");
});

describe("no token or a bad token", () => {
  const endpoints: [string, string][] = [
    ["GET", "/public/v2/me"],
    ["GET", "/public/v1/me"],
    ["GET", "/public/v2/documents"],
    ["GET", "/public/v1/documents"],
    ["GET", "/public/v2/reusable_templates"],
  ];

  for (const [method, path] of endpoints) {
    it(`${method} ${path} without a token → 401 {"error":"Must be authenticated."}`, async () => {
      const res = await api(path, { method });
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(res.body).toEqual({ error: "Must be authenticated." });
    });

    it(`${method} ${path} with an unknown token → 401 {"error":"invalid_token"}`, async () => {
      const res = await api(path, { method, token: "made-up-token-0123456789" });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "invalid_token" });
    });
  }

  it("POST void without a token → 401 Must be authenticated., and the document is untouched", async () => {
    const res = await api(`/public/v2/documents/${docs["oauth-readonly-void"]}/void`, { body: { document: {} } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Must be authenticated." });
  });

  it("an unknown token in the query → 401 invalid_token", async () => {
    const res = await http("/public/v2/me", { query: { access_token: "made-up-token-0123456789" } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "invalid_token" });
  });

  it("a refresh token is not an access token → 401 invalid_token", async () => {
    const res = await me(readWrite.refresh_token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "invalid_token" });
  });

  it("an authorization scheme other than Bearer is not a token → 401", async () => {
    const res = await http("/public/v2/me", { headers: { Authorization: `Basic ${Buffer.from(`${alice.email}:${alice.password}`).toString("base64")}` } });
    expect(res.status).toBe(401);
  });
});

describe("where the token may be", () => {
  it("Authorization: Bearer header", async () => {
    const res = await http("/public/v2/me", { headers: { Authorization: `Bearer ${readOnly.access_token}` } });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(alice.email);
  });

  it("the scheme is case-insensitive (RFC 6750): bearer", async () => {
    const res = await http("/public/v2/me", { headers: { Authorization: `bearer ${readOnly.access_token}` } });
    expect(res.status).toBe(200);
  });

  it("?access_token= query parameter (v1 and v2)", async () => {
    for (const v of ["v1", "v2"]) {
      const res = await http(`/public/${v}/me`, { query: { access_token: readOnly.access_token } });
      expect(res.status, `${v}: ${res.text}`).toBe(200);
      expect(res.body.user.email).toBe(alice.email);
    }
  });

  it("JSON body field access_token on POST update_tags", async () => {
    const id = docs["oauth-body-token"]!;
    const tags = { via: "body-token", run: String(Date.now()) };
    const res = await http(`/public/v2/documents/${id}/update_tags`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ access_token: readWrite.access_token, tags }),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.document.id).toBe(id);
    expect(res.body.document.tags).toEqual(tags);
    const check = await api(`/public/v2/documents/${id}`, { token: readOnly.access_token });
    expect(check.status).toBe(200);
    expect(check.body.document.tags).toEqual(tags);
  });

  it("an unknown token in the JSON body → 401 invalid_token", async () => {
    const res = await http(`/public/v2/documents/${docs["oauth-body-token"]}/update_tags`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ access_token: "made-up-token-0123456789", tags: { x: "y" } }),
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "invalid_token" });
  });
});

describe("scopes", () => {
  it("a read-only token on POST void → 400 {\"error\":\"invalid_scope\"}, and the document stays pending", async () => {
    const id = docs["oauth-readonly-void"]!;
    const res = await api(`/public/v2/documents/${id}/void`, { token: readOnly.access_token, body: { document: {} } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_scope" });
    const check = await api(`/public/v2/documents/${id}`, { token: readOnly.access_token });
    expect(check.status).toBe(200);
    expect(check.body.document.state).toBe("pending");
  });

  it("a read-only token on POST update_tags → 400 invalid_scope, tags unchanged", async () => {
    const id = docs["oauth-readonly-void"]!;
    const before = await api(`/public/v2/documents/${id}`, { token: readOnly.access_token });
    const res = await api(`/public/v2/documents/${id}/update_tags`, { token: readOnly.access_token, body: { tags: { hacked: "yes" } } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_scope" });
    const after = await api(`/public/v2/documents/${id}`, { token: readOnly.access_token });
    expect(after.body.document.tags).toEqual(before.body.document.tags);
  });

  it("a read-only token reads: GET document and list", async () => {
    expect((await api(`/public/v2/documents/${docs["oauth-readonly-void"]}`, { token: readOnly.access_token })).status).toBe(200);
    expect((await api("/public/v2/documents", { token: readOnly.access_token })).status).toBe(200);
  });
});

describe("GET /me", () => {
  const USER_KEYS = ["avatar_url", "can_send_documents", "cancellation_date", "company", "email", "id", "is_grace_period", "name", "timezone"];

  for (const v of ["v1", "v2"] as const) {
    it(`${v}: {user} with exactly the user fields of the token's user`, async () => {
      const res = await me(readOnly.access_token, v);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(Object.keys(res.body)).toEqual(["user"]);
      const u = res.body.user;
      expect(Object.keys(u).sort()).toEqual(USER_KEYS);
      expect(u.id).toEqual(expect.any(String));
      if (alice.id) expect(u.id).toBe(alice.id);
      expect(u.name).toBe(alice.name);
      expect(u.email).toBe(alice.email);
      expect(u.company).toBe(alice.company);
      expect(u.timezone === null || typeof u.timezone === "string").toBe(true);
      expect(u.avatar_url === null || typeof u.avatar_url === "string").toBe(true);
      expect(u.can_send_documents).toBe(true);
      expect(u.is_grace_period).toBe(false);
      expect(u.cancellation_date).toBeNull();
    });
  }

  it("v1 and v2 answer the same user", async () => {
    const [a, b] = await Promise.all([me(readOnly.access_token, "v1"), me(readOnly.access_token, "v2")]);
    expect(a.body).toEqual(b.body);
  });

  it("another user's token answers that user", async () => {
    const t = await tokenFor("bob", "read");
    const res = await me(t.access_token);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: bob.email, name: bob.name, company: bob.company });
    expect(res.body.user.id).not.toBe((await me(readOnly.access_token)).body.user.id);
  });

  it("a write-and-read token works on GET /me too", async () => {
    const res = await me(readWrite.access_token);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(alice.email);
  });
});
