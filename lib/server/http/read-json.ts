import "server-only";
import type { z } from "zod";
import { issuesToServiceErrors } from "@/lib/protocol/issues";
import { unkeepableTextError, unkeepableTextPath } from "@/lib/protocol/text";
import { readText } from "./read-body";

/** Account and settings bodies are small; anything larger is refused before it is parsed. */
const DEFAULT_LIMIT_BYTES = 64 * 1024;

export type BodyResult<T> = { ok: true; value: T } | { ok: false; response: Response };

export interface ReadJsonOptions {
  /**
   * Refuse a body holding text no database keeps (U+0000, an unpaired surrogate) anywhere, naming
   * its field. On by default; off only where the caller's own parser checks each part (a task
   * array, where one bad task must not refuse the others).
   */
  checkText?: boolean;
}

/**
 * Reads a JSON body and parses it with a zod schema. Every failure is a 400 (413 for size) in the
 * contract's error shape, one error per problem, each naming its field.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  limitBytes = DEFAULT_LIMIT_BYTES,
  options: ReadJsonOptions = {},
): Promise<BodyResult<z.output<S>>> {
  const fail = (status: number, code: string, message: string, parameter = "body") => ({
    ok: false as const,
    response: Response.json({ errors: [{ code, message, parameter }] }, { status }),
  });
  // Counted as it arrives: a chunked body declares no length, and is cut off at the limit.
  const body = await readText(request, limitBytes);
  if (!body.ok) return body;
  const text = body.text;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return fail(
      400,
      "invalidJson",
      `The body is not valid JSON: ${err instanceof Error ? err.message : "parse error"}`,
    );
  }
  const unkeepable = options.checkText === false ? null : unkeepableTextPath(raw);
  if (unkeepable) {
    return {
      ok: false,
      response: Response.json({ errors: [unkeepableTextError(unkeepable)] }, { status: 400 }),
    };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors = issuesToServiceErrors(parsed.error.issues, {}, schema).map((e) => {
    // Form messages from the schema read better than the generic ones for a person at a form.
    const issue = parsed.error.issues.find((i) => i.path.join(".") === e.parameter);
    return issue?.message ? { ...e, message: issue.message } : e;
  });
  return { ok: false, response: Response.json({ errors }, { status: 400 }) };
}
