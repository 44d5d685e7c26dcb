import { requireUser } from "@/lib/server/auth/guard";
import { answer } from "@/lib/server/http/handle";
import { requestOrigin } from "@/lib/server/http/origin";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

/** A single-use password reset link for a member (owner only), to pass on to them. */
export async function POST(request: Request, { params }: Params) {
  const { gate, resets } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const { id } = await params;
  return answer(async () => {
    const { token, expiresAt } = await resets.create(user, id);
    const origin = gate.publicUrl ?? requestOrigin(request);
    return Response.json(
      { data: { url: new URL(`/reset/${token}`, origin).toString(), expiresAt } },
      { status: 201, headers: { "cache-control": "no-store" } },
    );
  });
}
