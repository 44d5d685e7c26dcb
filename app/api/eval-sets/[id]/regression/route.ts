import { route } from "@/lib/server/api/route";
import { regression } from "@/lib/server/eval-sets/regression";
import { api } from "@/lib/studio/api";

export const GET = route(api.evalSets.regression, ({ params, query, db }) =>
  regression(db, params.id, query),
);
