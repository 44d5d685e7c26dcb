import { requireUser } from "@/lib/server/auth/guard";
import { errorResponse } from "@/lib/server/auth/studio-errors";
import { handled } from "@/lib/server/http/handle";
import { requestOrigin } from "@/lib/server/http/origin";
import { idParam } from "@/lib/server/http/params";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

/** A single-use password reset link for a member (owner only), to pass on to them. */
export const POST = handled(async (request: Request, { params }: Params) => {
  const { gate, resets } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const id = idParam((await params).id, "id");
  if (id instanceof Response) return id;
  const made = await resets.create(user, id);
  if (!made.ok) return errorResponse(made.error);
  const origin = gate.publicUrl ?? requestOrigin(request);
  return Response.json(
    {
      data: {
        url: new URL(`/reset/${made.value.token}`, origin).toString(),
        expiresAt: made.value.expiresAt,
      },
    },
    { status: 201, headers: { "cache-control": "no-store" } },
  );
});
