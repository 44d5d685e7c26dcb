import "server-only";

/**
 * `?cursor=` and `?limit=` of a list endpoint: the limit a whole number from 1 to `max`
 * (default `fallback`), else the 400 to answer naming it.
 */
export function pageQuery(
  url: URL,
  fallback: number,
  max: number,
): { cursor: string | null; limit: number } | Response {
  const raw = url.searchParams.get("limit");
  const limit = raw === null || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    return Response.json(
      {
        errors: [
          {
            code: "invalidLimit",
            message: `limit is a whole number from 1 to ${max}.`,
            parameter: "limit",
            type: "integer",
          },
        ],
      },
      { status: 400 },
    );
  }
  const cursor = url.searchParams.get("cursor");
  if (cursor !== null && cursor.length > 200) {
    return Response.json(
      {
        errors: [
          {
            code: "invalidCursor",
            message: "Invalid page cursor; start again without one.",
            parameter: "cursor",
          },
        ],
      },
      { status: 400 },
    );
  }
  return { cursor: cursor || null, limit };
}
