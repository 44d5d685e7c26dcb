import { route } from "@/lib/server/api/route";
import { createEvalSet, evalSetPage } from "@/lib/server/eval-sets/records";
import { api } from "@/lib/studio/api";

export const GET = route(api.evalSets.list, ({ query, db }) => evalSetPage(db, query));

export const POST = route(api.evalSets.create, async ({ body, user, db }) => {
  const set = await createEvalSet(db, body, user.id);
  return { id: set.id, cases: set.cases.length };
});
