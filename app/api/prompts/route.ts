import { requireUser } from "@/lib/server/auth/guard";
import { errorsResponse } from "@/lib/server/experiments/http";
import { handled } from "@/lib/server/http/handle";
import { promptHistoryPage } from "@/lib/server/prompts/history";
import { getRuntime } from "@/lib/server/runtime";
import { promptQuerySchema } from "@/lib/studio/prompt-history/query";

/**
 * Prompt history, newest first: `?q=` search words, `?member=` me (default), all or a member's id,
 * `?cursor=` from the previous page, `?limit=` up to 100.
 */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const url = new URL(request.url);
  const raw: Record<string, string> = {};
  for (const key of ["q", "member", "cursor", "limit"]) {
    const value = url.searchParams.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  const parsed = promptQuerySchema.safeParse(raw);
  if (!parsed.success) {
    return errorsResponse(
      400,
      parsed.error.issues.map((issue) => ({
        code: `invalid${String(issue.path[0] ?? "query").replace(/^./, (c) => c.toUpperCase())}`,
        message: issue.message,
        parameter: String(issue.path[0] ?? "query"),
      })),
    );
  }
  const page = await promptHistoryPage(runtime.database.db, parsed.data, user.id);
  if (!page) {
    return errorsResponse(400, [
      { code: "invalidCursor", message: "cursor is not one this list gave.", parameter: "cursor" },
    ]);
  }
  return Response.json({ data: page });
});
