import { z } from "zod";

// Answers of /ext endpoints that had no schema of their own (their handlers
// build them inline); the API reference and its contract test use these.

/** POST /ext/callbacks/:id/redeliver: the delivery is queued again. */
export const redeliverResponse = z.object({ delivery: z.object({ id: z.string(), status: z.literal("pending") }) });
