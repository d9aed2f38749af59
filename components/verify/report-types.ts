import type { VerificationReport as ServerReport } from "@/lib/server/verify/verification-report";

/** A server type as it arrives through JSON: dates become ISO strings. */
type Jsonify<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Jsonify<U>[]
    : T extends readonly [infer A, infer B, infer C, infer D]
      ? [Jsonify<A>, Jsonify<B>, Jsonify<C>, Jsonify<D>]
      : T extends object
        ? { [K in keyof T]: Jsonify<T[K]> }
        : T;

/** The answer of POST /verify and /verify/check (lib/server/verify/verification-report.ts). */
export type VerificationReport = Jsonify<ServerReport>;
export type ReportSignature = VerificationReport["signatures"][number];
export type ReportDocument = NonNullable<VerificationReport["document"]>;
