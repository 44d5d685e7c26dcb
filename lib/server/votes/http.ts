import "server-only";
import type { StudioDatabase } from "@/lib/server/db";
import type { VoteRoundRow } from "@/lib/server/db/schema";
import { errorsResponse } from "@/lib/server/experiments/http";
import { roundRow } from "./rounds";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () =>
  errorsResponse(404, [{ code: "roundNotFound", message: "There is no such vote.", parameter: "id" }]);

/** The round a path names (a UUID: the database refuses anything else), or the 404 to answer. */
export async function roundParam(db: StudioDatabase, value: string): Promise<VoteRoundRow | Response> {
  if (!UUID_RE.test(value)) return notFound();
  return (await roundRow(db, value.toLowerCase())) ?? notFound();
}
