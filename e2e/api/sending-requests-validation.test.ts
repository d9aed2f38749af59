// Creating a sending request (spec 4.6, 9 and docs/api-decisions.md "Sending
// requests"): the validation of its parameters, the account plan and
// authentication, on /public/v1 and /public/v2 (the flow after creation:
// sending-requests.test.ts). Real server over HTTP.
import { beforeAll, describe, expect, it } from "vitest";
import { expectBadInput, expectError, VERSIONS } from "./support/checks";
import { createRequest, createSendingRequest, getRequest, markUploaded, sendingRequestBody, tokensFor } from "./support/sending";

let t: Record<"sam" | "samRead" | "bob" | "dave" | "erin", string>;
beforeAll(async () => {
  t = await tokensFor(["sam", "samRead", "bob", "dave", "erin"]);
});

describe.each(VERSIONS)("POST /public/%s/sending_requests validation", (v) => {
  const bad = async (body: unknown, param: string) => expectBadInput(await createRequest(v, t.sam, body), param);

  it("file[source] remote_file, or no file → 422 naming it", async () => {
    await bad(sendingRequestBody({ file: { source: "remote_file" } }), "file[source]");
    await bad(sendingRequestBody({ file: { source: "ftp" } }), "file[source]");
    const { file: _f, ...noFile } = sendingRequestBody();
    await bad(noFile, "file");
    await bad(sendingRequestBody({ file: { name: "no-extension" } }), "file[name]");
  });

  it("document[roles] missing or empty → 422 naming it; a role's signer_name and signer_email are required", async () => {
    const body = sendingRequestBody();
    const { roles: _r, ...docWithoutRoles } = body.document;
    await bad({ ...body, document: docWithoutRoles }, "document[roles]");
    await bad(sendingRequestBody({ document: { roles: [] } }), "document[roles]");
    await bad(sendingRequestBody({ document: { roles: [{ name: "Client", signer_email: "c@c.example", sequence: 0 }] } }), "document[roles][0][signer_name]");
    await bad(sendingRequestBody({ document: { roles: [{ name: "Client", signer_name: "C", sequence: 0 }] } }), "document[roles][0][signer_email]");
    await bad(sendingRequestBody({ document: { roles: [{ name: "Client", signer_name: "C", signer_email: "nope", sequence: 0 }] } }), "document[roles][0][signer_email]");
  });

  it("signer_sequencing true needs every role's sequence; without sequencing it is optional", async () => {
    const roles = [
      { name: "Client", signer_name: "C", signer_email: "c@c.example", sequence: 0 },
      { name: "Manager", signer_name: "M", signer_email: "m@m.example" },
    ];
    await bad(sendingRequestBody({ document: { signer_sequencing: true, roles } }), "document[roles][1][sequence]");
    const ok = await createRequest(v, t.sam, sendingRequestBody({ document: { signer_sequencing: false, roles } }));
    expect(ok.status, ok.text).toBe(200);
    const { signer_sequencing: _s, ...noSequencing } = sendingRequestBody().document;
    await bad({ ...sendingRequestBody(), document: noSequencing }, "document[signer_sequencing]");
  });

  it("two roles with one name, document[expires_in] out of range, document[pin] out of range → 422 naming them", async () => {
    const dup = [
      { name: "Client", signer_name: "C", signer_email: "c@c.example", sequence: 0 },
      { name: "Client", signer_name: "D", signer_email: "d@d.example", sequence: 1 },
    ];
    await bad(sendingRequestBody({ document: { roles: dup } }), "document[roles][1][name]");
    await bad(sendingRequestBody({ document: { expires_in: 0 } }), "document[expires_in]");
    await bad(sendingRequestBody({ document: { expires_in: 366 } }), "document[expires_in]");
    await bad(sendingRequestBody({ document: { pin: 9999 } }), "document[pin]");
    await bad(sendingRequestBody({ document: { name: "" } }), "document[name]");
  });

  it("document[shared_with] with a non-address → 422 `shared_with contains invalid email address`", async () => {
    expectError(await createRequest(v, t.sam, sendingRequestBody({ document: { shared_with: ["nobody"] } })), 422, "shared_with contains invalid email address");
  });

  it("kba on a plan without KBA → 422 naming kba; on sam's (the Sending account has KBA) it is accepted", async () => {
    expectBadInput(await createRequest(v, t.bob, sendingRequestBody({ document: { kba: true } })), "kba");
    expect((await createRequest(v, t.sam, sendingRequestBody({ document: { kba: true } }))).status).toBe(200);
  });

  it("the plan: dave → 404 `User account is not enabled.`; erin → 404 `User has reached document limit.`", async () => {
    expectError(await createRequest(v, t.dave, sendingRequestBody()), 404, "User account is not enabled.");
    expectError(await createRequest(v, t.erin, sendingRequestBody()), 404, "User has reached document limit.");
  });

  it("authentication: none → 401 `Must be authenticated.`; read-only → 400 `invalid_scope` (GET works with read)", async () => {
    expectError(await createRequest(v, undefined, sendingRequestBody()), 401, "Must be authenticated.");
    expectError(await createRequest(v, "not-a-token", sendingRequestBody()), 401, "invalid_token");
    expectError(await createRequest(v, t.samRead, sendingRequestBody()), 400, "invalid_scope");
    const created = await createSendingRequest(v, t.sam);
    expect((await getRequest(v, t.samRead, created.id)).status).toBe(200);
    expectError(await getRequest(v, undefined, created.id), 401, "Must be authenticated.");
    expectError(await markUploaded(v, t.samRead, created.id), 400, "invalid_scope");
  });
});
