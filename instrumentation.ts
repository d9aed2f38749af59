// Next.js calls register() once when a server instance starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { refuseUndecodablePaths } = await import("@/lib/server/http/refuse-undecodable-paths");
  refuseUndecodablePaths();
  // First: it reads the configuration, and a bad one must stop the process (bootstrapOrExit), not
  // throw out of register(), which Next.js only logs before serving errors.
  const { bootstrapOrExit } = await import("@/lib/server/bootstrap");
  await bootstrapOrExit();
  // The role (all-in-one or web only), and SIGTERM: requests and running jobs finish, then exit.
  const { announceRole } = await import("@/lib/server/jobs/announce-role");
  announceRole();
  const { installWebShutdown } = await import("@/lib/server/jobs/graceful-shutdown");
  installWebShutdown();
  // Installed after refuseUndecodablePaths, so it sees every request first, the refused ones included
  // (their X-Request-Id too). Next.js holds requests until register() has returned.
  const { observeRequests } = await import("@/lib/server/observability/observe-requests");
  observeRequests();
}
