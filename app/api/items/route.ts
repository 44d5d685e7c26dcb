import { requireUser } from "@/lib/server/auth/guard";
import { answer } from "@/lib/server/http/handle";
import { galleryPage } from "@/lib/server/results/gallery-page";
import { getRuntime } from "@/lib/server/runtime";

/** The team's results, newest first: `?cursor=` from the previous page, `?limit=` up to 200. */
export async function GET(request: Request) {
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
  const author = url.searchParams.get("author");
  return answer(async () => {
    const page = await galleryPage(runtime.database.db, {
      cursor: url.searchParams.get("cursor"),
      limit,
      ...(author ? { authorId: author } : {}),
    });
    return Response.json({ data: page });
  });
}
