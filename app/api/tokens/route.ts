import { route } from "@/lib/server/api/route";
import { api } from "@/lib/studio/api";

export const GET = route(api.tokens.list, ({ runtime, user }) => runtime.tokens.list(user.id));

export const POST = route(api.tokens.create, ({ runtime, user, body }) => runtime.tokens.create(user, body));
