import { route } from "@/lib/server/api/route";
import { setBaseline } from "@/lib/server/eval-sets/baseline";
import { api } from "@/lib/studio/api";

export const PUT = route(api.evalSets.setBaseline, ({ params, body, db }) =>
  setBaseline(db, params.id, body.run),
);
