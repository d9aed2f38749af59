import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";

/** What every log line and metric of one HTTP request shares. */
export type RequestContext = { requestId: string };

const g = globalThis as unknown as { __requestContext?: AsyncLocalStorage<RequestContext> };
// One store per process, whichever bundle (server, route chunk, instrumentation) imports this first.
const store = (g.__requestContext ??= new AsyncLocalStorage<RequestContext>());

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return store.run(context, fn);
}

/** The request id of the HTTP request being handled, if any (jobs and start-up have none). */
export function getRequestId(): string | undefined {
  return store.getStore()?.requestId;
}

// A caller's (or proxy's) own id is kept when it is short and plain, so one id follows a
// request through a load balancer into our logs; anything else could forge log content.
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(incoming: string | string[] | undefined): string {
  const given = Array.isArray(incoming) ? incoming[0] : incoming;
  return given && ACCEPTABLE_ID.test(given) ? given : crypto.randomUUID();
}
