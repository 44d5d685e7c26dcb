import "server-only";
import { errorsResponse } from "@/lib/server/experiments/http";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A set's id (a UUID: the database refuses anything else), or the 404 to answer. */
export function evalSetIdParam(value: string): string | Response {
  return UUID_RE.test(value)
    ? value.toLowerCase()
    : errorsResponse(404, [
        { code: "evalSetNotFound", message: "There is no such evaluation set.", parameter: "id" },
      ]);
}

/** `?runs=a,b`: run ids, at most `max`; the 400 to answer for anything else. */
export function runIdsParam(value: string | null, max: number): string[] | Response {
  if (value === null || value === "") return [];
  const ids = value.split(",");
  if (ids.length > max || !ids.every((id) => UUID_RE.test(id))) {
    return errorsResponse(400, [
      {
        code: "invalidRuns",
        message: `runs is up to ${max} run ids, separated by commas.`,
        parameter: "runs",
      },
    ]);
  }
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** `?limit=`: a whole number from 1 to 100 (`fallback` when absent), or the 400 to answer. */
export function limitParam(value: string | null, fallback: number): number | Response {
  const limit = Number(value ?? fallback);
  return Number.isInteger(limit) && limit >= 1 && limit <= 100
    ? limit
    : errorsResponse(400, [
        { code: "invalidLimit", message: "limit is a whole number from 1 to 100.", parameter: "limit" },
      ]);
}
