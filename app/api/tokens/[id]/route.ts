import { route } from "@/lib/server/api/route";
import { api } from "@/lib/studio/api";

export const DELETE = route(api.tokens.revoke, ({ runtime, user, params }) =>
  runtime.tokens.revoke(user, params.id),
);
