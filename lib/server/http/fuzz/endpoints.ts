import fc from "fast-check";
import type { z } from "zod";
import { ENDPOINTS } from "@/lib/studio/api";
import type { AnyEndpoint } from "@/lib/studio/api/endpoint";
import { type RouteFile, routeFiles } from "../route-files";
import { anyJson, type Input, mutated, noInput, type Params, paramText } from "./hostile";
import { EXAMPLES, KNOWN_INPUTS } from "./known-inputs";

/**
 * The endpoints the fuzzing calls, derived from the declarations (lib/studio/api): each one's
 * method, path, whether it is public, and input made from its params, query and body schemas, so a
 * new endpoint is fuzzed the day it is declared. A Route Handler not declared yet is still fuzzed,
 * with the owner's session and input from its folder's parameters.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface FuzzEndpoint {
  /** `GET /api/experiments/{id}` */
  name: string;
  method: Method;
  /** The reference's path: `/api/experiments/{id}`. */
  path: string;
  /** The Route Handler's folder under app/api: `experiments/[id]`. */
  folder: string;
  /** Called without the owner's session: a public endpoint. */
  anonymous: boolean;
  /** The auth library answers its own `{ code, message }` shape, not the contract's. */
  authShape: boolean;
  input: fc.Arbitrary<Input>;
  /** Inputs that once answered 500, tried first. */
  examples: Input[];
  /** Whether any input is generated (an endpoint without input runs once). */
  varies: boolean;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** A plausible value for a schema, for a body to mutate: the first option, a word, a 1. */
export function sampleOf(schema: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 4) return null;
  switch (def.type) {
    case "object":
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>).map(([key, value]) => [
          key,
          sampleOf(value, depth + 1),
        ]),
      );
    case "string":
      return "a fox";
    case "number":
    case "int":
      return 1;
    case "boolean":
      return true;
    case "array":
      return [sampleOf(def.element, depth + 1)];
    case "enum":
      return Object.values(def.entries as Record<string, unknown>)[0];
    case "literal":
      return (def.values as unknown[])[0];
    case "union":
      return sampleOf((def.options as unknown[])[0], depth);
    case "pipe":
      return sampleOf(def.in, depth);
    case "lazy":
      return sampleOf((def.getter as () => unknown)(), depth + 1);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return sampleOf(def.innerType, depth);
    default:
      return null;
  }
}

function keysOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = defOf(schema);
  return def.type === "object" ? Object.keys(def.shape as Record<string, unknown>) : [];
}

function paramsInput(file: RouteFile): fc.Arbitrary<Params | undefined> {
  const names = [...file.folder.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)];
  if (names.length === 0) return fc.constant(undefined);
  return fc.record(
    Object.fromEntries(
      names.map(([, spread, name]) => [
        name as string,
        spread
          ? (fc.array(paramText, { minLength: 1, maxLength: 4 }) as fc.Arbitrary<string | string[]>)
          : (paramText as fc.Arbitrary<string | string[]>),
      ]),
    ),
  );
}

function queryInput(endpoint: AnyEndpoint | undefined): fc.Arbitrary<Record<string, string> | undefined> {
  const keys = keysOf(endpoint?.spec.query);
  if (keys.length === 0) return fc.constant(undefined);
  return fc
    .record(Object.fromEntries(keys.map((key) => [key, paramText])), { requiredKeys: [] })
    .map(
      (query) =>
        Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<
          string,
          string
        >,
    );
}

function bodyInput(method: Method, endpoint: AnyEndpoint | undefined): fc.Arbitrary<Input["body"]> {
  const spec = endpoint?.spec;
  if (spec?.body) {
    const sample = sampleOf(spec.body);
    const valid =
      sample && typeof sample === "object" && !Array.isArray(sample) && Object.keys(sample).length > 0
        ? mutated(fc.constant(sample as Record<string, unknown>))
        : fc.oneof(fc.constant(sample), anyJson);
    return valid.map((json) => ({ json }));
  }
  if (spec?.rawBody) {
    const { contentType } = spec.rawBody;
    return fc.oneof(
      fc
        .tuple(
          fc.uint8Array({ maxLength: 512 }),
          fc.constantFrom(contentType, "application/json", "text/plain", ""),
        )
        .map(([raw, type]) => ({ raw, type })),
      anyJson.map((json) => ({ json })),
    );
  }
  // Not declared yet: whatever it reads, it reads from JSON.
  if (!spec && method !== "GET") return anyJson.map((json) => ({ json }));
  return fc.constant(undefined);
}

function derivedInput(
  file: RouteFile,
  method: Method,
  endpoint: AnyEndpoint | undefined,
): fc.Arbitrary<Input> {
  return fc.tuple(paramsInput(file), queryInput(endpoint), bodyInput(method, endpoint)).map(
    ([params, query, body]): Input => ({
      ...(params ? { params } : {}),
      ...(query ? { query } : {}),
      ...(body ? { body } : {}),
    }),
  );
}

function hasInput(file: RouteFile, method: Method, endpoint: AnyEndpoint | undefined): boolean {
  const spec = endpoint?.spec;
  return (
    file.folder.includes("[") ||
    keysOf(spec?.query).length > 0 ||
    Boolean(spec?.body || spec?.rawBody) ||
    (!spec && method !== "GET")
  );
}

export function fuzzEndpoints(): FuzzEndpoint[] {
  const files = routeFiles();
  const known = new Map(KNOWN_INPUTS.map((k) => [`${k.method} ${k.file}`, k]));
  const make = (file: RouteFile, method: Method, endpoint: AnyEndpoint | undefined): FuzzEndpoint => {
    const hand = known.get(`${method} ${file.folder}`);
    const derived = derivedInput(file, method, endpoint);
    const varies = hand?.only
      ? hand.input !== noInput
      : hasInput(file, method, endpoint) || hand !== undefined;
    return {
      name: `${method} ${file.path}`,
      method,
      path: file.path,
      folder: file.folder,
      anonymous: endpoint?.spec.access === "public",
      authShape: file.folder.split("/")[0] === "auth",
      input: hand?.only ? hand.input : hand ? fc.oneof(derived, hand.input) : derived,
      examples: EXAMPLES[`${method} ${file.folder}`] ?? [],
      varies,
    };
  };
  const out: FuzzEndpoint[] = [];
  const covered = new Set<string>();
  // Every declaration with its Route Handler (one without is reported by routes-declared.test.ts).
  for (const endpoint of ENDPOINTS) {
    const file = files.find((f) => f.path === endpoint.spec.path && f.methods.includes(endpoint.spec.method));
    if (!file) continue;
    out.push(make(file, endpoint.spec.method, endpoint));
    covered.add(`${endpoint.spec.method} ${file.file}`);
  }
  for (const file of files) {
    for (const method of file.methods as Method[]) {
      if (!covered.has(`${method} ${file.file}`)) out.push(make(file, method, undefined));
    }
  }
  return out;
}
