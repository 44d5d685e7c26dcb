import { requireUser } from "@/lib/server/auth/guard";
import { setReviewState, stateBody } from "@/lib/server/gallery/review-actions";
import { handled } from "@/lib/server/http/handle";
import { idParam } from "@/lib/server/http/params";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

/** Moves the item to a review state: `{ state: "draft" | "in_review" | "approved" | "rejected" }`. */
export const PUT = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "review");
  if (user instanceof Response) return user;
  const id = idParam((await params).id, "id");
  if (id instanceof Response) return id;
  const body = await readJson(request, stateBody);
  if (!body.ok) return body.response;
  const review = await setReviewState(
    { db: runtime.database.db, log: runtime.log },
    user,
    id,
    body.value.state,
  );
  return Response.json({ data: { review } });
});
