import { route } from "@/lib/server/http/route";
import { api } from "@/lib/studio/api";

export const DELETE = route(api.tokens.revoke, ({ runtime, user, params }) =>
  runtime.tokens.revoke(user, params.id),
);
