import "server-only";
import type { BuilderPage } from "@/lib/api/builder";
import type { PageInfo } from "@/lib/server/db/schema";
import { signedFileUrl } from "@/lib/server/storage/signed-url";

export const serializePages = (pages: PageInfo[]): BuilderPage[] =>
  pages.map((p) => ({ width: p.width, height: p.height, image_url: signedFileUrl(p.imageKey) }));
