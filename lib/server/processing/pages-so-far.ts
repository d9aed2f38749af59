import "server-only";
import type { PageInfo } from "@/lib/server/db/schema";

/**
 * Keeps a record of the pages stored so far up to date while an upload is
 * processed (processUpload's onPage), so a reader can show page 1 before the
 * last page is rendered. Pages finish out of order across the workers; only
 * the run from page 1 without gaps is written. Writes never overlap and never
 * hold up rendering: while one is under way, later pages wait for the next,
 * which takes all of them at once. Best effort: a failed write is skipped
 * (the final pages are written with the outcome anyway).
 */
export function pagesSoFar(write: (pages: PageInfo[]) => Promise<unknown>) {
  const pages: PageInfo[] = [];
  let written = 0;
  let queued = false;
  let chain: Promise<void> = Promise.resolve();

  const onPage = (page: PageInfo & { n: number }) => {
    pages[page.n - 1] = { width: page.width, height: page.height, imageKey: page.imageKey, thumbnailKey: page.thumbnailKey };
    if (queued) return;
    queued = true;
    chain = chain
      .then(async () => {
        queued = false;
        let run = written;
        while (pages[run]) run++;
        if (run === written) return;
        written = run;
        await write(pages.slice(0, run));
      })
      .catch(() => {});
  };
  /** Resolves once the last write asked for is done. */
  const settled = () => chain;
  return { onPage, settled };
}
