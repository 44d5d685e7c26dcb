import "server-only";
import { isKeepableText, UNKEEPABLE_TEXT_MESSAGE } from "@/lib/protocol/text";
import { isUuid } from "@/lib/studio/params";
import { invalidRecord, RecordError } from "./record-errors";

// Checks on values handed to the records API. The database would refuse most of these too, but
// with messages that name a constraint rather than the field, and some (a non-UUID string in a
// uuid column) as a driver error; checking first gives every caller the same clear error.

export function uuidField(value: unknown, parameter: string): string {
  if (!isUuid(value)) throw invalidRecord(parameter, "a UUID", value);
  return value.toLowerCase();
}

/** PostgreSQL's text refuses U+0000 (and a lone surrogate has no UTF-8): refused here by name. */
export function textField(value: unknown, parameter: string, maxLength = 1000): string {
  if (typeof value !== "string" || value.length === 0 || value.length > maxLength) {
    throw invalidRecord(parameter, `a non-empty string of at most ${maxLength} characters`, value);
  }
  if (!isKeepableText(value)) {
    throw new RecordError("invalidRecord", `Invalid '${parameter}': ${UNKEEPABLE_TEXT_MESSAGE}.`, parameter);
  }
  return value;
}

export function intField(
  value: unknown,
  parameter: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
    throw invalidRecord(parameter, `an integer from ${min} to ${max}`, value);
  }
  return value;
}

export function optionalIntField(
  value: unknown,
  parameter: string,
  min: number,
  max?: number,
): number | null {
  return value === undefined || value === null ? null : intField(value, parameter, min, max);
}

export function optionalNumberField(value: unknown, parameter: string, min: number): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min) {
    throw invalidRecord(parameter, `a finite number of at least ${min}`, value);
  }
  return value;
}

export function optionalBooleanField(value: unknown, parameter: string): boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "boolean") throw invalidRecord(parameter, "true or false", value);
  return value;
}

/** numeric(20, 0) holds up to 20 digits. */
const SEED_RE = /^-?\d{1,20}$/;

/**
 * A seed as the exact decimal string stored. Image seeds reach 9223372036854775807, past what a JS
 * number holds exactly: pass a string or a bigint to keep every digit. A number is taken at its
 * exact value (`BigInt(n)`), which for a large seed parsed from JSON is already the rounded one.
 */
export function seedField(value: unknown, parameter = "seed"): string {
  let text: string | undefined;
  if (typeof value === "bigint") text = value.toString();
  else if (typeof value === "number" && Number.isInteger(value)) text = BigInt(value).toString();
  else if (typeof value === "string") text = value.trim();
  if (text === undefined || !SEED_RE.test(text)) {
    throw invalidRecord(parameter, "an integer (number, bigint or decimal string of up to 20 digits)", value);
  }
  return text.replace(/^(-?)0+(?=\d)/, "$1");
}
