import "server-only";
import type { z } from "zod";
import type { ServiceError } from "@/lib/protocol/errors";
import { issuesToServiceErrors } from "@/lib/protocol/issues";
import type { ApprovalGuest } from "@/lib/server/approvals/guest";
import { bearerOf, type Caller, type SessionUser } from "@/lib/server/auth/caller";
import { isSameOrigin, sessionUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime, type StudioRuntime } from "@/lib/server/runtime";
import type { AnyEndpoint, BodyOf, DataOf, ParamsOf, QueryOf } from "@/lib/studio/api/endpoint";
import { ApiError, studioErrors } from "@/lib/studio/api/errors";
import { can, type Permission, roleFor } from "@/lib/studio/roles";
import {
  type ItemLink,
  resolveGuest,
  type SharedLink,
  type VoteLink,
  type WebhookCaller,
} from "./link-callers";
import { type Services, servicesOf } from "./services";

/**
 * The one road of every studio endpoint. `route(endpoint, handler)` is a Route Handler that:
 *
 * 1. finds the caller: a personal access token (`Authorization: Bearer`) or the session cookie,
 *    and refuses a role without the endpoint's permission (401, 403); a declared guest (a share
 *    link, a vote's link, the service's webhook) is resolved from the path's token, once
 *    (./link-callers.ts), into `link` or `webhook`;
 * 2. refuses a mutating request from another origin (403), except one made with a token;
 * 3. parses path params and the query with the declared schemas (400 naming the parameter);
 * 4. reads a JSON body within its limit (413) and parses it (400 per problem);
 * 5. answers what the handler returns as `{ data }` with the declared status, a `Response` as is,
 *    and anything it throws in the contract's error envelope (`ApiError`, see lib/studio/api/errors.ts).
 *
 * Declarations live in lib/studio/api/<resource>.ts; docs/api.md tells the whole story.
 */

type GuestOf<E extends AnyEndpoint> = E["spec"]["caller"];

/** The link a declared guest holds, as its declaration scopes it. */
export type LinkOf<E extends AnyEndpoint> =
  GuestOf<E> extends { kind: "voteLink" }
    ? VoteLink
    : GuestOf<E> extends { kind: "approvalLink" }
      ? ApprovalGuest
      : GuestOf<E> extends { kind: "shareLink"; reaches: "item" }
        ? ItemLink
        : GuestOf<E> extends { kind: "shareLink" }
          ? SharedLink
          : undefined;

/** The runtime's common services (`db`, `log`, `deps`, `storage`, `limits`) come with the request. */
export interface RouteContext<E extends AnyEndpoint> extends Services {
  request: Request;
  url: URL;
  /** For the rarer services; the common ones are the context's own. */
  runtime: StudioRuntime;
  /** The share link or vote's link the path's token names, checked live and in scope. */
  link: LinkOf<E>;
  /** The service's delivery, its token checked against its task. */
  webhook: GuestOf<E> extends { kind: "webhook" } ? WebhookCaller : undefined;
  /** The member calling; null only on a public endpoint called without a session. */
  user: E["spec"]["access"] extends Permission ? SessionUser : SessionUser | null;
  caller: E["spec"]["access"] extends Permission ? Caller : Caller | null;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
}

export type RouteHandler<E extends AnyEndpoint> = (
  context: RouteContext<E>,
) => Promise<DataOf<E> | Response> | DataOf<E> | Response;

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const DEFAULT_BODY_LIMIT = 64 * 1024;

async function callerOf(
  runtime: StudioRuntime,
  request: Request,
  endpoint: AnyEndpoint,
): Promise<Caller | null> {
  const { access, tokens } = endpoint.spec;
  // A public endpoint asks nobody for credentials: a token sent to it is not read.
  const token = access === "public" ? null : bearerOf(request);
  if (token !== null) {
    if (tokens === false) throw studioErrors.tokenNotAccepted();
    return runtime.tokens.verify(request, token);
  }
  const mutating = !SAFE_METHODS.has(request.method);
  if (mutating && endpoint.spec.originCheck !== false && !isSameOrigin(request, runtime.gate.publicUrl)) {
    throw studioErrors.invalidOrigin();
  }
  if (access === "public") {
    const user = request.headers.get("cookie") ? await sessionUser(runtime.gate, request.headers) : null;
    return user ? { user, tokenId: null } : null;
  }
  const user = await sessionUser(runtime.gate, request.headers);
  return user ? { user, tokenId: null } : null;
}

function permit(caller: Caller | null, access: AnyEndpoint["spec"]["access"]): void {
  if (access === "public") return;
  if (!caller) throw studioErrors.notSignedIn();
  if (!can(caller.user.role, access)) throw studioErrors.forbiddenRole(roleFor(access));
}

/** Parses params or query with its schema; each problem a 400 naming its parameter. */
function parsePart(schema: z.ZodType | undefined, raw: Record<string, unknown>): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const errors = issuesToServiceErrors(parsed.error.issues, {}, schema).map((e) => {
    const issue = parsed.error.issues.find((i) => i.path.join(".") === e.parameter);
    return issue?.message && !issue.message.startsWith("Invalid input")
      ? { ...e, message: issue.message }
      : e;
  });
  throw new ApiError(400, errors);
}

/** The query as an object: a key given once is a string, a key repeated is an array. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length === 1 ? (all[0] as string) : all;
  }
  return out;
}

/** A catch-all segment (`[...key]`) arrives as an array: the declaration sees it joined. */
function paramsObject(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value !== undefined) out[key] = Array.isArray(value) ? value.join("/") : value;
  }
  return out;
}

/** A `{ data }` answer with headers or a status of its own (a `Cache-Control`, a 202). */
export function dataResponse(data: unknown, init: ResponseInit = {}): Response {
  return Response.json({ data }, init);
}

function checkResponse(endpoint: AnyEndpoint, data: unknown): void {
  // Under test every answer is checked against its declaration, so the reference cannot drift.
  if (!process.env.VITEST || !endpoint.spec.response) return;
  const parsed = endpoint.spec.response.safeParse(data);
  if (!parsed.success) {
    throw new Error(`${endpoint.id} answered outside its declared response: ${parsed.error.message}`);
  }
}

export function route<E extends AnyEndpoint>(
  endpoint: E,
  handler: RouteHandler<E>,
): (request: Request, context: NextContext) => Promise<Response> {
  const { spec } = endpoint;
  return handled(async (request: Request, context: NextContext) => {
    const runtime = await getRuntime();
    const caller = await callerOf(runtime, request, endpoint);
    permit(caller, spec.access);
    const url = new URL(request.url);
    const params = parsePart(spec.params, paramsObject((await context?.params) ?? {}));
    const query = parsePart(spec.query, queryObject(url));
    let body: unknown;
    if (spec.body) {
      const read = await readJson(request, spec.body, spec.bodyLimit ?? DEFAULT_BODY_LIMIT);
      if (!read.ok) return read.response;
      body = read.value;
    }
    const guest = spec.caller
      ? await resolveGuest(
          spec.caller,
          runtime,
          request,
          params as Record<string, unknown>,
          query as Record<string, unknown> | undefined,
          spec.rawBody?.limit ?? DEFAULT_BODY_LIMIT,
        )
      : {};
    if (guest instanceof Response) return guest;
    const out = await handler({
      request,
      url,
      runtime,
      ...servicesOf(runtime),
      link: guest.link as LinkOf<E>,
      webhook: guest.webhook as RouteContext<E>["webhook"],
      user: (caller?.user ?? null) as RouteContext<E>["user"],
      caller: caller as RouteContext<E>["caller"],
      params: params as ParamsOf<E>,
      query: query as QueryOf<E>,
      body: body as BodyOf<E>,
    });
    if (out instanceof Response) return out;
    checkResponse(endpoint, out);
    if (spec.status === 204) return new Response(null, { status: 204 });
    return Response.json({ data: out }, { status: spec.status ?? 200 });
  });
}

/** A library outcome (`{ ok, value }` or `{ ok: false, status, errors }`) as its value, or thrown. */
export function unwrap<T>(
  outcome: { ok: true; value: T } | { ok: false; status: number; errors: ServiceError[] },
): T {
  if (outcome.ok) return outcome.value;
  throw new ApiError(outcome.status, outcome.errors);
}
