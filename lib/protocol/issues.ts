/**
 * Turns zod issues into the contract's error objects: one per problem, a camelCase code in the
 * real service's families, `parameter` as the field's path, `type` as the expected type, and a
 * message a person can act on.
 *
 * Cross-field rules raise `custom` issues whose `params` carry their own `code` (and optionally
 * `type`); see `ruleIssue` below.
 */
import type { z } from "zod";
import type { ServiceError, TaskRef } from "./errors";
import { withTask } from "./errors";
import { typeAtPath } from "./schema-types";

type Issue = z.core.$ZodIssue;

/** What a cross-field rule attaches to its `custom` issue. */
export interface RuleParams {
  code: string;
  type?: string;
}

/** Builds the issue a refinement adds with `ctx.addIssue(ruleIssue(...))`. */
export function ruleIssue(
  code: string,
  path: PropertyKey[],
  message: string,
  input: unknown,
  type?: string,
): z.core.$ZodRawIssue {
  const params: RuleParams = type === undefined ? { code } : { code, type };
  return { code: "custom", path, message, params, input };
}

/** `inputs.frameImages.0.frame` style path; indices stay as numbers so forms can bind to it. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join(".");
}

/** Containers that add nothing to a code's meaning: `inputs.referenceImages` -> `ReferenceImages`. */
const TRANSPARENT_SEGMENTS = new Set(["inputs", "providerSettings"]);

function pascal(segment: string): string {
  return segment.length === 0 ? segment : segment[0]?.toUpperCase() + segment.slice(1);
}

/**
 * Derives `invalidWidth`, `missingPositivePrompt`, `invalidLoraWeight`, `invalidBflSafetyTolerance`
 * from a path: the last named segment, prefixed by its named parent when it has one.
 */
export function codeForPath(prefix: "invalid" | "missing", path: readonly PropertyKey[]): string {
  // A container is transparent only inside a path: `providerSettings: []` is `invalidProviderSettings`.
  const named = path.filter(
    (p, i): p is string => typeof p === "string" && (i === path.length - 1 || !TRANSPARENT_SEGMENTS.has(p)),
  );
  const tail = named.slice(-2);
  if (tail.length === 0) return `${prefix}Task`;
  return prefix + tail.map(pascal).join("");
}

function typeName(raw: string): string {
  if (raw === "int") return "integer";
  return raw;
}

function preview(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "string") {
    return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  }
  if (Array.isArray(value)) return `an array of ${value.length} items`;
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  return String(value);
}

function received(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && !Number.isInteger(value)) return "a non-integer number";
  return typeof value;
}

function sizeWord(origin: string): string {
  if (origin === "string") return " characters";
  if (origin === "array" || origin === "set") return " items";
  return "";
}

/**
 * For a union, report the branch that got furthest (deepest issue path, then fewest issues);
 * when no branch got past the type check, report one type error listing every accepted type.
 */
function unionIssues(issue: Extract<Issue, { code: "invalid_union" }>): Issue[] | null {
  const branches = issue.errors.filter((b) => b.length > 0);
  if (branches.length === 0) return null;
  const allTypeMisses = branches.every(
    (b) => b.length === 1 && b[0]?.code === "invalid_type" && b[0].path.length === 0,
  );
  if (allTypeMisses) return null;
  let best: Issue[] | undefined;
  let bestDepth = -1;
  for (const b of branches) {
    const depth = Math.max(...b.map((i) => i.path.length + (i.code === "invalid_type" ? 0 : 0.5)));
    if (depth > bestDepth || (depth === bestDepth && best !== undefined && b.length < best.length)) {
      best = b;
      bestDepth = depth;
    }
  }
  return (best ?? []).map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as Issue);
}

function one(issue: Issue): ServiceError[] {
  const parameter = formatPath(issue.path);
  const name = parameter === "" ? "the task" : `'${parameter}'`;
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => {
        const keyPath = formatPath([...issue.path, key]);
        return {
          code: "unknownParameter",
          message: `Unknown parameter '${keyPath}'. It is not part of this task type; remove it or check its spelling.`,
          parameter: keyPath,
          type: "undefined",
        };
      });
    case "invalid_type": {
      const expected = typeName(issue.expected);
      if (issue.input === undefined) {
        return [
          {
            code: codeForPath("missing", issue.path),
            message: `Missing required parameter ${name} (${expected}).`,
            parameter,
            type: expected,
          },
        ];
      }
      return [
        {
          code: codeForPath("invalid", issue.path),
          message: `Invalid type for ${name}: expected ${expected}, received ${received(issue.input)}.`,
          parameter,
          type: expected,
        },
      ];
    }
    case "too_small":
    case "too_big":
      return boundError(issue, name, parameter);
    case "not_multiple_of":
      return [
        {
          code: codeForPath("invalid", issue.path),
          message: `Invalid value for ${name}: must be a multiple of ${issue.divisor} (got ${preview(issue.input)}).`,
          parameter,
          type: "integer",
        },
      ];
    case "invalid_value":
      return valueError(issue, name, parameter);
    case "invalid_format":
      return formatError(issue, name, parameter);
    case "invalid_union":
      return unionError(issue, name, parameter);
    case "custom": {
      const params = issue.params as Partial<RuleParams> | undefined;
      return [
        {
          code: params?.code ?? codeForPath("invalid", issue.path),
          message: issue.message,
          parameter,
          ...(params?.type !== undefined ? { type: params.type } : {}),
        },
      ];
    }
    case "invalid_key":
    case "invalid_element":
      return issue.issues.flatMap((i) => one({ ...i, path: [...issue.path, ...i.path] } as Issue));
  }
}

function boundError(
  issue: Extract<Issue, { code: "too_small" | "too_big" }>,
  name: string,
  parameter: string,
): ServiceError[] {
  const unit = sizeWord(issue.origin);
  const bound = issue.code === "too_small" ? issue.minimum : issue.maximum;
  const exclusive = issue.inclusive === false;
  const relation = issue.exact
    ? `exactly ${bound}${unit}`
    : issue.code === "too_small"
      ? `${exclusive ? "more than" : "at least"} ${bound}${unit}`
      : `${exclusive ? "less than" : "at most"} ${bound}${unit}`;
  const actual =
    issue.origin === "string" && typeof issue.input === "string"
      ? `${issue.input.length} characters`
      : Array.isArray(issue.input)
        ? `${issue.input.length} items`
        : preview(issue.input);
  return [
    {
      code: codeForPath("invalid", issue.path),
      message: `Invalid value for ${name}: must be ${relation} (got ${actual}).`,
      parameter,
      type: typeName(issue.origin),
    },
  ];
}

function valueError(
  issue: Extract<Issue, { code: "invalid_value" }>,
  name: string,
  parameter: string,
): ServiceError[] {
  const allowed = issue.values.map((v) => (typeof v === "string" ? v : String(v)));
  const only = allowed.length === 1;
  // An absent enum or literal field arrives as invalid_value, not invalid_type.
  const missing = issue.input === undefined;
  return [
    {
      code: codeForPath(missing ? "missing" : "invalid", issue.path),
      message: missing
        ? `Missing required parameter ${name}: ${only ? "must be" : "one of"} ${allowed.join(", ")}.`
        : `Invalid value for ${name}: ${only ? "must be" : "expected one of"} ${allowed.join(", ")} (got ${preview(issue.input)}).`,
      parameter,
      type:
        typeof issue.values[0] === "number"
          ? "number"
          : typeof issue.values[0] === "boolean"
            ? "boolean"
            : "string",
    },
  ];
}

function formatError(
  issue: Extract<Issue, { code: "invalid_format" }>,
  name: string,
  parameter: string,
): ServiceError[] {
  const what =
    issue.format === "uuid"
      ? "a UUID v4"
      : issue.format === "url"
        ? "an http(s) URL"
        : issue.format === "regex"
          ? "a value of the documented form"
          : `a valid ${issue.format}`;
  return [
    {
      code: codeForPath("invalid", issue.path),
      message: `Invalid value for ${name}: expected ${what} (got ${preview(issue.input)}).`,
      parameter,
      type: "string",
    },
  ];
}

function unionError(
  issue: Extract<Issue, { code: "invalid_union" }>,
  name: string,
  parameter: string,
): ServiceError[] {
  const inner = unionIssues(issue);
  if (inner) return inner.flatMap(one);
  const types = [
    ...new Set(
      issue.errors.flatMap((b) => b.map((i) => (i.code === "invalid_type" ? typeName(i.expected) : "value"))),
    ),
  ];
  return [
    {
      code: codeForPath(issue.input === undefined ? "missing" : "invalid", issue.path),
      message:
        issue.input === undefined
          ? `Missing required parameter ${name} (${types.join(" or ")}).`
          : `Invalid type for ${name}: expected ${types.join(" or ")}, received ${received(issue.input)}.`,
      parameter,
      type: types.join(" | "),
    },
  ];
}

function refineType(error: ServiceError, issue: Issue, schema: z.ZodType | undefined): ServiceError {
  if (!schema || error.code === "unknownParameter" || issue.code === "custom") return error;
  // The error's own parameter, not the issue's path: a union issue reports an inner branch's field.
  const path = (error.parameter ?? "")
    .split(".")
    .filter((p) => p !== "")
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const declared = typeAtPath(schema, path);
  if (declared === undefined || declared === error.type) return error;
  const message =
    issue.code === "invalid_type" && error.type !== undefined
      ? error.message
          .replace(`expected ${error.type}`, `expected ${declared}`)
          .replace(`(${error.type})`, `(${declared})`)
      : error.message;
  return { ...error, type: declared, message };
}

/**
 * One `ServiceError` per problem, stamped with the task's identity, duplicates removed. Given the
 * schema, `type` is the field's declared type (`integer` rather than zod's base `number`).
 */
export function issuesToServiceErrors(
  issues: readonly Issue[],
  ref: TaskRef = {},
  schema?: z.ZodType,
): ServiceError[] {
  const seen = new Set<string>();
  const out: ServiceError[] = [];
  for (const issue of issues) {
    for (const mapped of one(issue)) {
      const error = refineType(mapped, issue, schema);
      const key = `${error.code}\u0000${error.parameter ?? ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(withTask(error, ref));
    }
  }
  return out;
}
