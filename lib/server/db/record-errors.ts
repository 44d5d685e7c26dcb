import "server-only";
import { type CarriesAnswer, ERROR_ANSWER, type ErrorAnswer } from "@/lib/studio/api/errors";

/**
 * Errors of the records API, as values with codes so a Route Handler can map each to a status
 * (`invalidRecord` and `invalidCursor` 400, `unknownTask` 404, `recordConflict` 409) without
 * parsing messages.
 */
export type RecordErrorCode = "invalidRecord" | "invalidCursor" | "unknownTask" | "recordConflict";

const STATUS: Record<RecordErrorCode, number> = {
  invalidRecord: 400,
  invalidCursor: 400,
  unknownTask: 404,
  recordConflict: 409,
};

export class RecordError extends Error implements CarriesAnswer {
  readonly code: RecordErrorCode;
  /** The offending field (`tasks.0.taskUUID`, `seed`), when one is to blame. */
  readonly parameter: string | undefined;

  constructor(code: RecordErrorCode, message: string, parameter?: string) {
    super(message);
    this.name = "RecordError";
    this.code = code;
    this.parameter = parameter;
  }

  /** The answer a Route Handler gives for it, recognized across module copies (see error-answer.ts). */
  get [ERROR_ANSWER](): ErrorAnswer {
    const error = { code: this.code, message: this.message };
    return {
      status: STATUS[this.code],
      error: this.parameter ? { ...error, parameter: this.parameter } : error,
    };
  }
}

/** Whether a thrown value is a RecordError, from any copy of this module. */
export function isRecordError(
  thrown: unknown,
): thrown is Pick<RecordError, "code" | "message" | "parameter"> {
  if (!(thrown instanceof Error) || thrown.name !== "RecordError") return false;
  const code: unknown = (thrown as { code?: unknown }).code;
  return typeof code === "string" && Object.hasOwn(STATUS, code);
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
