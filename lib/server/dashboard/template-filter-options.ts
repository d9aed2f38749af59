import "server-only";
import { getDashboardSession, type DashboardSession } from "./current-session";
import { perUserCache } from "./per-user-cache";

export type TemplateOption = { id: string; name: string };

// Every documents page load shows this list in its template filter; asking the API for it each
// time cost as much as the list itself (bench/README.md, dashboard). A new or renamed template
// made in the dashboard shows at once (forgetTemplateOptions); one made elsewhere within 30 s.
const options = perUserCache<TemplateOption[]>(30_000);

/** The templates the documents list can be filtered by (the first 100, as the API orders them). */
export function templateFilterOptions(session: DashboardSession): Promise<TemplateOption[]> {
  return options.get(session.userId, async () =>
    (await session.api.listTemplates({ per_page: 100 })).reusable_templates.map((t) => ({ id: t.id, name: t.name })),
  );
}

/** After the dashboard created, changed or deleted one of the signed-in user's templates. */
export async function forgetTemplateOptions() {
  const session = await getDashboardSession();
  if (session) options.forget(session.userId);
}
