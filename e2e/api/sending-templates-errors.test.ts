// Errors common to send_document, embed_document and prepare_document (spec
// 4.4, 8 and docs/api-decisions.md "Sending from templates") on /public/v1
// and /public/v2: unknown and foreign templates, role mismatch, tokens, expiry
// range and the account plan. Real server over HTTP.
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { expectBadInput, expectError, unknownId, VERSIONS } from "./support/checks";
import { embedBody, prepareBody, sendBody, templateCall, templateOf, tokensFor, type SendKind } from "./support/sending";

const KINDS: SendKind[] = ["send_document", "embed_document", "prepare_document"];
const bodyFor = (kind: SendKind, overrides: Record<string, unknown> = {}) =>
  kind === "send_document" ? sendBody(overrides) : kind === "embed_document" ? embedBody(overrides) : prepareBody(overrides);
const ROLE_MISMATCH = (name: string) => `The role name supplied (${name}) does not match the role name expected.`;

const samTemplate = templateOf("sam");
const aliceTemplate = templateOf("alice");
const bobTemplate = templateOf("bob");

let t: Record<"sam" | "samRead" | "bob" | "carol" | "dave" | "erin", string>;
beforeAll(async () => {
  t = await tokensFor(["sam", "samRead", "bob", "carol", "dave", "erin"]);
});

describe.each(VERSIONS)("errors of send, embed and prepare on /public/%s", (v) => {
  it.each(KINDS)("%s: unknown template → 401 `Can't find Reusable Template.`", async (kind) => {
    expectError(await templateCall(v, kind, unknownId(), t.sam, bodyFor(kind)), 401, "Can't find Reusable Template.");
  });

  it.each(KINDS)("%s: a template of another account → 401 `Unauthorized account for Reusable Template.`", async (kind) => {
    expectError(await templateCall(v, kind, bobTemplate.id, t.sam, bodyFor(kind)), 401, "Unauthorized account for Reusable Template.");
    expectError(await templateCall(v, kind, samTemplate.id, t.bob, bodyFor(kind)), 401, "Unauthorized account for Reusable Template.");
  });

  it.each(KINDS)("%s: a teammate may use the account's template", async (kind) => {
    const res = await templateCall(v, kind, aliceTemplate.id, t.carol, bodyFor(kind, { name: `Carol ${kind} ${v}` }));
    expect(res.status, res.text).toBe(200);
  });

  it.each(KINDS)("%s: role mismatch → 422 naming the role", async (kind) => {
    const roles = [{ name: "Auditor", signer_name: "Ann Auditor", signer_email: "ann@audit.example" }];
    expectError(await templateCall(v, kind, samTemplate.id, t.sam, bodyFor(kind, { roles })), 422, ROLE_MISMATCH("Auditor"));
  });

  it.each(KINDS)("%s: no token → 401 `Must be authenticated.`; a bad token → 401 `invalid_token`; a read-only token → 400 `invalid_scope`", async (kind) => {
    expectError(await templateCall(v, kind, samTemplate.id, undefined, bodyFor(kind)), 401, "Must be authenticated.");
    expectError(await templateCall(v, kind, samTemplate.id, "not-a-real-token", bodyFor(kind)), 401, "invalid_token");
    expectError(await templateCall(v, kind, samTemplate.id, t.samRead, bodyFor(kind)), 400, "invalid_scope");
  });

  it.each(KINDS)("%s: expires_in 0 and 366 → 422 naming expires_in", async (kind) => {
    for (const expires_in of [0, 366]) expectBadInput(await templateCall(v, kind, samTemplate.id, t.sam, bodyFor(kind, { expires_in })), "expires_in");
  });

  it.each(KINDS)("%s: dave's account is not enabled → 404 `User account is not enabled.`", async (kind) => {
    const res = await templateCall(v, kind, templateOf("dave").id, t.dave, bodyFor(kind));
    expectError(res, 404, "User account is not enabled.");
  });

  it.each(KINDS)("%s: erin's plan allows no documents → 404 `User has reached document limit.`", async (kind) => {
    const res = await templateCall(v, kind, templateOf("erin").id, t.erin, bodyFor(kind));
    expectError(res, 404, "User has reached document limit.");
  });
});

describe("the plan refusals leave nothing behind", () => {
  it("dave and erin still have no documents", async () => {
    for (const token of [t.dave, t.erin]) {
      const res = await api("/public/v2/documents", { token });
      expect(res.status, res.text).toBe(200);
      expect(res.body.documents).toEqual([]);
    }
  });
});
