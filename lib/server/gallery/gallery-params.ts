import "server-only";
import { type GalleryFilter, parseGalleryFilter } from "@/lib/studio/gallery-filter";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function badRequest(errors: { code: string; message: string; parameter: string; type?: string }[]): Response {
  return Response.json({ errors }, { status: 400 });
}

/** An item's id from the path: a UUID, or the 400 naming `parameter` (never a database error). */
export function itemIdParam(value: string, parameter = "id"): string | Response {
  if (UUID_RE.test(value)) return value.toLowerCase();
  return badRequest([
    {
      code: "invalidId",
      message: `Invalid '${parameter}': expected an item id (a UUID).`,
      parameter,
      type: "string",
    },
  ]);
}

/** The gallery filter in a request's query, or the 400 naming each bad parameter. */
export function filterParam(url: URL): GalleryFilter | Response {
  const outcome = parseGalleryFilter(url.searchParams);
  return outcome.ok ? outcome.filter : badRequest(outcome.errors);
}

/** `?limit=`: a whole number from 1 to 200, 50 when absent. */
export function limitParam(url: URL): number | Response {
  const raw = url.searchParams.get("limit");
  const limit = raw === null || raw === "" ? 50 : Number(raw);
  if (Number.isInteger(limit) && limit >= 1 && limit <= 200) return limit;
  return badRequest([
    {
      code: "invalidLimit",
      message: "limit is a whole number from 1 to 200.",
      parameter: "limit",
      type: "integer",
    },
  ]);
}

/** `?cursor=` as given; its meaning is checked against the view's sort. */
export function cursorParam(url: URL): string | null {
  const raw = url.searchParams.get("cursor");
  return raw === null || raw === "" ? null : raw;
}

export function invalidCursor(): Response {
  return badRequest([
    {
      code: "invalidCursor",
      message: "Invalid page cursor for this view; start again without one.",
      parameter: "cursor",
      type: "string",
    },
  ]);
}

export function itemNotFound(): Response {
  return Response.json(
    { errors: [{ code: "notFound", message: "No such item.", parameter: "id" }] },
    { status: 404 },
  );
}
