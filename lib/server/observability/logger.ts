import "server-only";
import pino, { type Logger } from "pino";
import { env } from "@/lib/env";
import { getRequestId } from "./request-context";

const g = globalThis as unknown as { __logger?: Logger };

/**
 * The process's structured logger: one JSON object per line on stdout, with
 * the request id of the HTTP request being handled on every line written
 * while handling it. Secrets never reach it: request lines carry the path
 * without its query (access_token may be there) and no headers; the paths
 * below are censored wherever an object is logged.
 */
export function logger(): Logger {
  g.__logger ??= pino({
    level: env().LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    messageKey: "msg",
    mixin: () => {
      const requestId = getRequestId();
      return requestId ? { requestId } : {};
    },
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "access_token",
        "*.access_token",
        "refresh_token",
        "*.refresh_token",
        "client_secret",
        "*.client_secret",
        "authorization",
        "*.authorization",
        "headers.authorization",
        "headers.cookie",
        "secret",
        "*.secret",
      ],
      censor: "[redacted]",
    },
    serializers: { err: pino.stdSerializers.err },
  });
  return g.__logger;
}

/** For a component's lines: `log("jobs").error({ err }, "…")`. */
export const log = (component: string) => logger().child({ component });
