import { route } from "@/lib/server/api/route";
import { api } from "@/lib/studio/api";

export const GET = route(api.limits.get, ({ runtime }) => runtime.limits.current());

export const PUT = route(api.limits.update, ({ runtime, body, user }) =>
  runtime.limits.update(body, user.id),
);
