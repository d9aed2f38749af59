import { scalarBundle } from "../scalar-bundle";

// GET /docs/api/scalar.js?v=<version>: the renderer of the API reference page.
export async function GET() {
  const { code } = await scalarBundle();
  return new Response(code, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      // The page asks for it with the installed version in the query, so a new version is a new address.
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
