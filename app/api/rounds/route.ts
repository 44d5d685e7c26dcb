import { requireUser } from "@/lib/server/auth/guard";
import { errorsResponse } from "@/lib/server/experiments/http";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { createItemsRound } from "@/lib/server/votes/item-rounds";
import { itemsRoundCreateSchema } from "@/lib/studio/experiments/votes";

/**
 * Opens a blind vote `{ items: [itemId, itemId, …], name? }` between 2 to 4 gallery results picked
 * by hand (editor and up): one pair per two results. Its page is `/votes/[id]`.
 */
export const POST = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const body = await readJson(request, itemsRoundCreateSchema);
  if (!body.ok) return body.response;
  const outcome = await createItemsRound(runtime.database.db, body.value, user.id);
  if (!outcome.ok) return errorsResponse(outcome.status, outcome.errors);
  runtime.log.publishGallery({ kind: "round", anchorId: outcome.value.id, roundId: outcome.value.id });
  return Response.json({ data: { id: outcome.value.id, name: outcome.value.name } }, { status: 201 });
});
