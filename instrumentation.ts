// Next.js calls register() once when a server instance starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { refuseUndecodablePaths } = await import("@/lib/server/http/refuse-undecodable-paths");
  refuseUndecodablePaths();
  const { bootstrapOrExit } = await import("@/lib/server/bootstrap");
  await bootstrapOrExit();
}
