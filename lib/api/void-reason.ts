/** Longest void reason kept (the decline reason's bound). Apart from void-document.ts (zod) so browser code can read it without zod. */
export const VOID_REASON_MAX = 2000;
