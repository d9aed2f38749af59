// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import type { FieldType } from "@/lib/server/db/schema";

/**
 * Who a tag is for, as the tag says it: a role by name (our own grammar,
 * DocuSeal), or a recipient by position (RightSignature's `a`, `b`, … `aa`;
 * Dropbox Sign's and Adobe Sign's `signerN`; Documenso's `rN`). Positions are
 * resolved against the request's roles in signing order (resolve-party.ts).
 */
export type PartyRef =
  | { kind: "role"; name: string }
  | {
      kind: "position";
      /** 0-based: the first recipient is 0. */
      index: number;
      /** As written in the tag, for messages: "b", "signer2", "r3". */
      label: string;
      /** RightSignature only: a role named like this (the party letter) is taken before the position. */
      roleAlias?: string;
    };

/**
 * What every dialect's parser makes of one tag: the common shape the
 * orchestrator (text-tags.ts) turns into a field.
 */
export type TagSpec = {
  type: FieldType;
  party: PartyRef;
  required: boolean;
  /** The field's name, when the tag gives one (otherwise `<type>_<n>`). */
  name?: string;
  /** Shown to the signer beside the field (a label the tag carries). */
  helpText?: string;
  /**
   * How the field box is sized:
   * - "minimum": our grammar: anchored at the tag's bottom-left, at least a usable size per type;
   * - "extent": the other services' rule: the field covers the tag as drawn (wider with
   *   spaces or a larger font), as RightSignature, Dropbox Sign, Adobe Sign, DocuSeal and
   *   Documenso place it.
   */
  sizing: "minimum" | "extent";
  /** Box size in points, when the tag gives one. */
  width?: number;
  height?: number;
};

/**
 * One tag syntax. `pattern` (global, never crossing a line break) finds
 * candidates in a page's text; `recognise` says whether a candidate is meant
 * as a tag of this dialect at all (anything else is ordinary text and left
 * alone); `parse` turns a recognised tag into a TagSpec or throws
 * ProcessingError.malformedTag naming the page and the tag.
 */
export type Dialect = {
  id: "native" | "rightsignature" | "dropbox-sign" | "documenso" | "docuseal" | "adobe-sign";
  /** The service's name, for messages and docs. */
  name: string;
  pattern: RegExp;
  recognise(match: RegExpExecArray): boolean;
  parse(match: RegExpExecArray, page: number): TagSpec;
  /** A tag that starts like one of this dialect but is not closed on its line (an error). */
  unclosed?: RegExp;
  /** Why an unclosed tag is an error, for the message. */
  unclosedProblem?: string;
};

/** Splits a run of whitespace to one space and trims: tags are typed by people. */
export const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** A positive whole number written in decimal, or NaN. */
export function wholeNumber(s: string): number {
  return /^\d{1,4}$/.test(s) ? Number(s) : NaN;
}

/** The largest box size a tag may ask for, in points. */
export const MAX_SIZE_PT = 2000;
