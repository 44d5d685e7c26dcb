import { authEndpoints } from "@/lib/server/auth/auth-endpoints";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

/** better-auth's endpoints: sign-in, sign-out, the session (see `authEndpoints`). */
async function handle(request: Request): Promise<Response> {
  return authEndpoints(await getRuntime(), request);
}

export const GET = handled(handle);
export const POST = handled(handle);
