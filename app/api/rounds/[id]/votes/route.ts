import { requireUser } from "@/lib/server/auth/guard";
import { errorsResponse } from "@/lib/server/experiments/http";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { castVote } from "@/lib/server/votes/ballot";
import { roundParam } from "@/lib/server/votes/http";
import { roundAnchor, voteInputSchema } from "@/lib/studio/experiments/votes";

type Params = { params: Promise<{ id: string }> };

/**
 * A pick on one pair `{ pairId, pick: "left" | "right" | "tie" }` as the voter saw it (reviewer
 * and up); sending again changes it. Refused (409) once the round is closed.
 */
export const POST = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "review");
  if (user instanceof Response) return user;
  const round = await roundParam(runtime.database.db, (await params).id);
  if (round instanceof Response) return round;
  const body = await readJson(request, voteInputSchema);
  if (!body.ok) return body.response;
  const outcome = await castVote(runtime.database.db, round, user.id, body.value);
  if (!outcome.ok) return errorsResponse(outcome.status, outcome.errors);
  runtime.log.publishGallery({ kind: "round", anchorId: roundAnchor(round), roundId: round.id });
  return Response.json({ data: outcome.value });
});
