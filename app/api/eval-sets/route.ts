import { route } from "@/lib/server/api/route";
import { createEvalSet, evalSetPage } from "@/lib/server/eval-sets/records";
import { api } from "@/lib/studio/api";

export const GET = route(api.evalSets.list, ({ runtime, query }) => evalSetPage(runtime.database.db, query));

export const POST = route(api.evalSets.create, async ({ runtime, body, user }) => {
  const set = await createEvalSet(runtime.database.db, body, user.id);
  return { id: set.id, cases: set.cases.length };
});
