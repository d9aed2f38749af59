// GET /public/v2/me on a static path, the same handlers as [version]/me (lib/server/http/pin-version.ts says why).
import * as me from "../../[version]/me/route";
import { pinVersion } from "@/lib/server/http/pin-version";

const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = pinVersion(me, "v2");
export { GET, POST, PUT, PATCH, DELETE, OPTIONS };
