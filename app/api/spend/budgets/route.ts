import { route } from "@/lib/server/api/route";
import { api } from "@/lib/studio/api";

export const GET = route(api.spend.budgets, ({ runtime, user }) => runtime.budgets.view(user));

export const PUT = route(api.spend.setBudgets, ({ runtime, user, body }) => runtime.budgets.set(body, user));
