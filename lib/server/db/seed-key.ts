import { createHash } from "node:crypto";

/**
 * A seed stack's key: what an item's recipe is without its seed. Results whose tasks asked for
 * the same thing in every generation parameter but the seed share it; the gallery folds them into
 * one card. No `server-only`: a pure function, used by the keeper and checked against the
 * migration's SQL in tests.
 */

/**
 * Keys of a task that say how or where a result is delivered, or how many are made, never what
 * is drawn: two tasks differing only in these (and the seed) draw the same picture but for the
 * seed. Everything else, media references and LoRA lists included, is part of the recipe.
 */
export const NOT_RECIPE_KEYS = [
  "taskUUID",
  "seed",
  "numberResults",
  "includeCost",
  "webhookURL",
  "uploadEndpoint",
  "ttl",
  "outputType",
  "deliveryMethod",
] as const;

/**
 * The recipe's text exactly as PostgreSQL prints the same value as `jsonb` (keys shorter first,
 * then by their UTF-8 bytes; `": "` and `", "` between parts; numbers without exponents), so the
 * migration that backfilled items recorded before keys existed computed the same key in SQL:
 * `encode(sha256(convert_to((params - NOT_RECIPE_KEYS)::text, 'UTF8')), 'hex')`.
 */
export function recipeText(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return plainNumber(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(recipeText).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => jsonbKeyOrder(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${recipeText(v)}`).join(", ")}}`;
  }
  return "null";
}

const utf8 = new TextEncoder();

function jsonbKeyOrder(a: string, b: string): number {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  if (x.length !== y.length) return x.length - y.length;
  for (let i = 0; i < x.length; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** A number as `numeric` prints it: JSON's `1e-7` is stored and printed as `0.0000001`. */
export function plainNumber(n: number): string {
  if (!Number.isFinite(n)) return "null";
  const text = String(n);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text === "-0" ? "0" : text;
  const [, sign, head, tail = "", exp] = match;
  const digits = `${head}${tail}`;
  const point = 1 + Number(exp);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** The recipe of a task's params: every top-level key but those of `NOT_RECIPE_KEYS`. */
export function recipeOf(params: Record<string, unknown>): Record<string, unknown> {
  const skip = new Set<string>(NOT_RECIPE_KEYS);
  return Object.fromEntries(Object.entries(params).filter(([k]) => !skip.has(k)));
}

/** The seed stack key of a task's results: equal exactly when the recipes differ at most by seed. */
export function seedKeyOf(params: Record<string, unknown>): string {
  return createHash("sha256")
    .update(recipeText(recipeOf(params)), "utf8")
    .digest("hex");
}
