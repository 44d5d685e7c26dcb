import { z } from "zod";
import type { AnyEndpoint } from "./endpoint";
import { ApiError, type StudioErrorName, studioErrors } from "./errors";

/**
 * The studio API's published reference: an OpenAPI 3.1 document generated from the endpoint
 * declarations (lib/studio/api/index.ts), so it cannot drift from what `route()` enforces.
 * Schemas come from zod's own JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1): what
 * a caller sends is described as it goes in (before defaults and transforms), what the studio
 * answers as it comes out. A type JSON Schema cannot say (a transform's output) is `{}`.
 * No server imports: this reads the same declarations as the browser.
 */

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers?: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Json>>;
  components: {
    schemas: Record<string, Json>;
    securitySchemes: Record<string, Json>;
  };
}

export interface OpenApiOptions {
  /** The studio's version (package.json). */
  version?: string;
  /** The studio's own address, when known. */
  serverUrl?: string;
}

const ERRORS_REF = "#/components/schemas/Errors";
const SESSION_COOKIE = "better-auth.session_token";

/** The contract's error envelope, shared by every refusal. */
const ERRORS_SCHEMA: Json = {
  type: "object",
  description: "Every refusal: one entry per problem, `parameter` naming the field or parameter at fault.",
  required: ["errors"],
  properties: {
    errors: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        required: ["code", "message"],
        properties: {
          code: { type: "string", description: "A stable camelCase code." },
          message: { type: "string", description: "What went wrong and what to do, for a person." },
          parameter: { type: "string", description: "The parameter or body field at fault." },
          type: { type: "string", description: "The type the parameter expects." },
        },
      },
    },
  },
};

// Schemas ----------------------------------------------------------------------------------------

/**
 * zod's JSON Schema for one part, with its `$defs` (recursive or named types) lifted into the
 * document's components: a `#/$defs/...` pointer inside an OpenAPI document would resolve against
 * the document's root, where no `$defs` lives.
 */
function jsonSchema(
  schema: z.ZodType,
  io: "input" | "output",
  components: Record<string, Json>,
  prefix: string,
): Json {
  const out = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as Json;
  delete out.$schema;
  const defs = out.$defs as Record<string, Json> | undefined;
  delete out.$defs;
  if (!defs) return out;
  const names = new Map<string, string>();
  for (const name of Object.keys(defs)) names.set(name, `${prefix}.${name}`.replace(/[^A-Za-z0-9._-]/g, "_"));
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== "object") return node;
    const copy: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")) {
        copy[key] = `#/components/schemas/${names.get(value.slice("#/$defs/".length)) ?? ""}`;
      } else copy[key] = rewrite(value);
    }
    return copy;
  };
  for (const [name, def] of Object.entries(defs)) {
    components[names.get(name) as string] = rewrite(def) as Json;
  }
  return rewrite(out) as Json;
}

/**
 * A parameter's schema as a caller reads it: a choice between strings (a cursor, or an empty one
 * meaning none) is one string, since a query or path parameter is text whatever it means.
 */
function parameterSchema(schema: Json): Json {
  const leaves = (node: Json): Json[] =>
    Array.isArray(node.anyOf) ? (node.anyOf as Json[]).flatMap(leaves) : [node];
  if (!Array.isArray(schema.anyOf)) return schema;
  const options = leaves(schema);
  if (!options.every((o) => o.type === "string")) return schema;
  const patterns = new Set(options.map((o) => o.pattern));
  const pattern = patterns.size === 1 ? options[0]?.pattern : undefined;
  return {
    type: "string",
    ...(pattern === undefined ? {} : { pattern }),
    ...(schema.description === undefined ? {} : { description: schema.description }),
  };
}

// Errors -----------------------------------------------------------------------------------------

/** Sample arguments for the errors whose message needs one; any other takes placeholders. */
const SAMPLE_ARGS: Partial<Record<StudioErrorName, unknown[]>> = {
  forbiddenRole: ["Editor"],
  rateLimited: [30],
  tokenAttemptsLimited: [60, "address"],
  guestCommentsLimited: [60],
  uploadsLimited: [60],
  guestVotesLimited: ["address", 60],
  guestVotersLimited: ["address", 3600],
  invalidLimit: [100],
  invalidBody: ["name is required.", "name"],
  payloadTooLarge: [65536],
  notFound: ["such record", "id"],
  signInLimited: ["account", 60],
  teamLimit: ["The team has reached its limit: delete one to make room."],
  unavailable: ["The service is not reachable right now. Try again in a minute."],
  invalidImage: [400, "The file is not an image the studio can read."],
  invalidVote: ["Pick two or more values to compare.", "values"],
  invalidWebhook: ["token"],
};

function errorExample(name: string): ApiError | null {
  const make = (studioErrors as Record<string, (...args: unknown[]) => unknown>)[name];
  if (typeof make !== "function") return null;
  const args = SAMPLE_ARGS[name as StudioErrorName] ?? Array.from({ length: make.length }, () => "…");
  const made = make(...args);
  // A status the arguments decide must come out as a real one, or the example is left out.
  return made instanceof ApiError && Number.isInteger(made.status) ? made : null;
}

/** The refusals every endpoint of this kind may answer, besides its declared ones. */
function implicitErrors(spec: AnyEndpoint["spec"]): string[] {
  const out: string[] = [];
  const mutating = spec.method !== "GET";
  if (spec.params || spec.query || spec.body) out.push("invalidBody");
  if (spec.body || spec.rawBody) out.push("payloadTooLarge");
  if (spec.access !== "public") {
    out.push("notSignedIn", "forbiddenRole");
    out.push(
      ...(spec.tokens === false
        ? ["tokenNotAccepted"]
        : ["invalidToken", "rateLimited", "tokenAttemptsLimited"]),
    );
  }
  if (mutating && spec.originCheck !== false) out.push("invalidOrigin");
  return out;
}

function errorResponses(spec: AnyEndpoint["spec"]): Record<string, Json> {
  const byStatus = new Map<number, Record<string, { summary: string; value: unknown }>>();
  for (const name of [...implicitErrors(spec), ...(spec.errors ?? [])]) {
    const example = errorExample(name);
    if (!example) continue;
    const examples = byStatus.get(example.status) ?? {};
    examples[name] = { summary: example.error.code, value: { errors: example.errors } };
    byStatus.set(example.status, examples);
  }
  const out: Record<string, Json> = {};
  for (const [status, examples] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: Object.values(examples)
        .map((e) => e.summary)
        .join(", "),
      content: { "application/json": { schema: { $ref: ERRORS_REF }, examples } },
    };
  }
  return out;
}

// Operations -------------------------------------------------------------------------------------

function parameters(endpoint: AnyEndpoint, components: Record<string, Json>): Json[] {
  const { spec } = endpoint;
  const out: Json[] = [];
  const pathSchema = spec.params ? jsonSchema(spec.params, "input", components, endpoint.id) : {};
  const pathProps = (pathSchema.properties ?? {}) as Record<string, Json>;
  for (const [, name] of spec.path.matchAll(/\{(\w+)\}/g)) {
    if (!name) continue;
    out.push({
      name,
      in: "path",
      required: true,
      schema: parameterSchema(pathProps[name] ?? { type: "string" }),
      ...(name === "key" ? { description: "May hold slashes." } : {}),
    });
  }
  if (spec.query) {
    const query = jsonSchema(spec.query, "input", components, endpoint.id);
    const required = new Set((query.required ?? []) as string[]);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, Json>)) {
      const { description, ...rest } = schema;
      out.push({
        name,
        in: "query",
        required: required.has(name),
        schema: parameterSchema(rest),
        ...(typeof description === "string" ? { description } : {}),
      });
    }
  }
  return out;
}

function requestBody(endpoint: AnyEndpoint, components: Record<string, Json>): Json | undefined {
  const { spec } = endpoint;
  if (spec.body) {
    return {
      required: true,
      content: { "application/json": { schema: jsonSchema(spec.body, "input", components, endpoint.id) } },
    };
  }
  if (spec.rawBody) {
    return {
      required: true,
      description: spec.rawBody.description,
      content: { [spec.rawBody.contentType]: { schema: {} } },
    };
  }
  return undefined;
}

function successResponse(endpoint: AnyEndpoint, components: Record<string, Json>): Json {
  const { spec } = endpoint;
  if (spec.status === 204) return { description: "Done; no body." };
  if (spec.produces) {
    return { description: `A ${spec.produces} body.`, content: { [spec.produces]: { schema: {} } } };
  }
  const data = spec.response ? jsonSchema(spec.response, "output", components, `${endpoint.id}.data`) : {};
  return {
    description: "The answer, as `{ data }`.",
    content: {
      "application/json": {
        schema: { type: "object", required: ["data"], properties: { data } },
      },
    },
  };
}

function security(spec: AnyEndpoint["spec"]): Json[] {
  if (spec.access === "public") return [];
  return spec.tokens === false ? [{ sessionCookie: [] }] : [{ sessionCookie: [] }, { bearerAuth: [] }];
}

/** Who may call an endpoint, in words: a member's role, a guest's link, the service, or anyone. */
function accessLine(spec: AnyEndpoint["spec"]): string {
  if (spec.access !== "public") return `Needs a member whose role grants \`${spec.access}\`.`;
  const gone = "A token that is malformed, unknown, revoked or expired answers 404 naming `token`.";
  switch (spec.caller?.kind) {
    case "shareLink": {
      const reach =
        spec.caller.reaches === "item"
          ? " The item named must be one the link shows."
          : " It reaches only what the link shows.";
      const comments = spec.caller.comments ? " The link must take comments." : "";
      return `For a guest holding a share link: the path's \`token\` is the link's.${reach}${comments} ${gone}`;
    }
    case "voteLink":
      return `For a guest holding a vote's link that takes votes: the path's \`token\` is the link's, and reaches that vote's ballot only. ${gone}`;
    case "approvalLink":
      return `For a guest reviewer holding the link made for them on a review request: the path's \`token\` is theirs, and reaches that request's items and their own decision only. ${gone}`;
    case "webhook":
      return `For the media service, posting one task's outcome: the path's \`token\` signs that task. ${gone}`;
    default:
      return "Open to anyone.";
  }
}

function operation(endpoint: AnyEndpoint, components: Record<string, Json>): Json {
  const { spec } = endpoint;
  const params = parameters(endpoint, components);
  const body = requestBody(endpoint, components);
  return {
    operationId: endpoint.id,
    tags: [endpoint.resource],
    summary: spec.summary,
    description: [spec.description, accessLine(spec)].filter(Boolean).join("\n\n"),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      [String(spec.status ?? 200)]: successResponse(endpoint, components),
      ...errorResponses(spec),
    },
    security: security(spec),
  };
}

/** The OpenAPI 3.1 document of the given endpoints (by default, every declared one). */
export function openApiDocument(
  endpoints: readonly AnyEndpoint[],
  options: OpenApiOptions = {},
): OpenApiDocument {
  const schemas: Record<string, Json> = { Errors: ERRORS_SCHEMA };
  const paths: OpenApiDocument["paths"] = {};
  const tags = new Set<string>();
  for (const endpoint of endpoints) {
    const { method, path } = endpoint.spec;
    const item = paths[path] ?? {};
    const key = method.toLowerCase();
    if (item[key]) throw new Error(`${endpoint.id}: ${method} ${path} is declared twice.`);
    item[key] = operation(endpoint, schemas);
    paths[path] = item;
    tags.add(endpoint.resource);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Media Studio API",
      version: options.version ?? "1.0.0",
      description:
        "The studio's own API: what its pages call, open to scripts with a personal access token. " +
        "A success answers `{ data }`; a refusal answers `{ errors: [{ code, message, parameter }] }`. " +
        "Lists page with `cursor` (the previous page's `nextCursor`) and `limit`.",
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session of a member signed in to the studio's pages.",
        },
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "A personal access token, made in Settings: `Authorization: Bearer <token>`.",
        },
      },
    },
  };
}
