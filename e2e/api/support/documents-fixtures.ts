// Shared by the documents tests: alice's fixture documents, the spec's
// document error texts, and a GET of one document.
import { api, fixtures } from "../helpers";
import type { Version } from "./checks";

type AliceDocs = typeof fixtures.documents.alice & { draftToVoid: Record<Version, string>; byRecipient: string };
export const A = fixtures.documents.alice as AliceDocs;
export const users = fixtures.users;
export const aliceTemplate = fixtures.templates.alice;

/** Every fixture document of alice except the one shared with bob. */
export const aliceUnshared = () => [
  ...Object.values(A.pending),
  A.draft,
  A.executed,
  A.voided,
  A.expired,
  A.declined,
  A.draftToVoid.v1,
  A.draftToVoid.v2,
  A.byRecipient,
];

export const NO_ACL = "No ACLs tying user to document.";
export const NOT_FOUND = "Can't find document.";
export const CANNOT_VOID = "Cannot void a document that is not pending or draft.";

export const getDoc = (version: Version, id: string, token: string) => api(`/public/${version}/documents/${id}`, { token });
