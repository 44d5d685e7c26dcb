import { route } from "@/lib/server/api/route";
import { carriedThreads } from "@/lib/server/versions/stack";
import { api } from "@/lib/studio/api";

export const GET = route(api.versions.carried, async ({ params, db }) => ({
  threads: await carriedThreads(db, params.id),
}));
