import { getTaskHandler } from "@/lib/server/api/get-task";
import { route } from "@/lib/server/api/route";
import { api } from "@/lib/studio/api";

/**
 * In production server.ts answers this itself, ahead of Next's router, with the same handler
 * through the same route() (lib/server/api/own-routes.ts); in development Next serves this one.
 */
export const GET = route(api.tasks.get, getTaskHandler);
