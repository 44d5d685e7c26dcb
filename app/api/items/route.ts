import { requireUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { optionalIdParam } from "@/lib/server/http/params";
import { galleryPage } from "@/lib/server/results/gallery-page";
import { getRuntime } from "@/lib/server/runtime";

/** The team's results, newest first: `?cursor=` from the previous page, `?limit=` up to 200. */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const url = new URL(request.url);
  const limit = Number(url.searchParams.get("limit") ?? "50");
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
    return Response.json(
      {
        errors: [
          {
            code: "invalidLimit",
            message: "limit is a whole number from 1 to 200.",
            parameter: "limit",
            type: "integer",
          },
        ],
      },
      { status: 400 },
    );
  }
  const author = optionalIdParam(url.searchParams.get("author"), "author");
  if (author instanceof Response) return author;
  const board = optionalIdParam(url.searchParams.get("board"), "board");
  if (board instanceof Response) return board;
  const page = await galleryPage(runtime.database.db, {
    cursor: url.searchParams.get("cursor"),
    limit,
    ...(author ? { authorId: author } : {}),
    ...(board ? { boardId: board } : {}),
  });
  return Response.json({ data: page });
});
