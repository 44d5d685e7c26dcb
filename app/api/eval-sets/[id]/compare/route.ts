import { route } from "@/lib/server/api/route";
import { comparisonWithVotes } from "@/lib/server/votes/run-votes";
import { api } from "@/lib/studio/api";

export const GET = route(api.evalSets.compare, ({ params, query, db }) =>
  comparisonWithVotes(db, params.id, query.runs),
);
