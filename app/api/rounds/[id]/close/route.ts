import { requireUser } from "@/lib/server/auth/guard";
import { errorsResponse } from "@/lib/server/experiments/http";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";
import { roundParam } from "@/lib/server/votes/http";
import { closeRound } from "@/lib/server/votes/rounds";
import { roundAnchor } from "@/lib/studio/experiments/votes";

type Params = { params: Promise<{ id: string }> };

/** Closes a blind vote (editor and up): votes stop and everyone sees the ranking. */
export const POST = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const round = await roundParam(runtime.database.db, (await params).id);
  if (round instanceof Response) return round;
  const outcome = await closeRound(runtime.database.db, round.id, user.id);
  if (!outcome.ok) return errorsResponse(outcome.status, outcome.errors);
  runtime.log.publishGallery({ kind: "round", anchorId: roundAnchor(round), roundId: round.id });
  return Response.json({ data: { id: round.id, status: outcome.value.status } });
});
