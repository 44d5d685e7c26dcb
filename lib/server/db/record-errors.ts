import "server-only";

/**
 * Errors of the records API, as values with codes so a Route Handler can map each to a status
 * (`invalidRecord` and `invalidCursor` 400, `unknownTask` 404, `recordConflict` 409) without
 * parsing messages.
 */
export type RecordErrorCode = "invalidRecord" | "invalidCursor" | "unknownTask" | "recordConflict";

export class RecordError extends Error {
  readonly code: RecordErrorCode;
  /** The offending field (`tasks.0.taskUUID`, `seed`), when one is to blame. */
  readonly parameter: string | undefined;

  constructor(code: RecordErrorCode, message: string, parameter?: string) {
    super(message);
    this.name = "RecordError";
    this.code = code;
    this.parameter = parameter;
  }
}

export function invalidRecord(parameter: string, expected: string, got: unknown): RecordError {
  return new RecordError(
    "invalidRecord",
    `Invalid '${parameter}': expected ${expected} (got ${describeValue(got)}).`,
    parameter,
  );
}

/** A short, safe description of a bad value: its type and, for short scalars, the value itself. */
function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "string")
    return value.length <= 40 ? JSON.stringify(value) : `a string of ${value.length} characters`;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
    return String(value);
  return Array.isArray(value) ? "an array" : typeof value;
}
