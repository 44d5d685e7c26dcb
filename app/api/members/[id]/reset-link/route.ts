import { requireUser } from "@/lib/server/auth/guard";
import { errorResponse } from "@/lib/server/auth/studio-errors";
import { requestOrigin } from "@/lib/server/http/origin";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

/** A single-use password reset link for a member (owner only), to pass on to them. */
export async function POST(request: Request, { params }: Params) {
  const { gate, resets } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const made = await resets.create(user, (await params).id);
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
}
