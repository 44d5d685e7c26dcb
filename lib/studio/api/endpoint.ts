import type { z } from "zod";
import type { Permission } from "@/lib/studio/roles";
import type { StudioErrorName } from "./errors";
import type { ResourceName } from "./resource-names";

// The parts every declaration builds from (ids, paging) live beside the folders that also use them.
export { ID_RE, isUuid, opaqueId, page, pageQuery, UUID_RE, uuid } from "@/lib/studio/params";
export type { ResourceName };

/**
 * The declaration of one endpoint of the studio's own API. Each resource's file
 * (`lib/studio/api/<resource>.ts`) declares its endpoints once; from that one declaration:
 *
 * - the server's `route(endpoint, handler)` (lib/server/api/route.ts) checks the caller, the
 *   origin and the body's size, parses params, query and body, and answers errors in one envelope;
 * - the browser's client (lib/client/endpoint-client.ts) builds the URL, the query key and the
 *   types, so no component writes an `/api/` string, and refreshes after a mutation the reads of
 *   the resources it declares it `invalidates`;
 * - the published reference (`/api/openapi.json`) is generated.
 *
 * No server imports here: the browser reads the same declarations.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call it:
 * - a `Permission`: a signed-in member (or a personal access token) whose role has it;
 * - `"public"`: anyone (set-up, invitations, share links, the service's webhooks); a mutating
 *   request still needs the studio's own Origin unless `originCheck: false`.
 */
export type Access = Permission | "public";

/**
 * Who asks when it is not a member: the path's `{token}` names them, and route() resolves it
 * once, before the handler, into the scope the handler reads (`context.link`, `context.webhook`).
 * A token of the wrong shape, unknown, revoked or expired answers the same 404 naming `token`.
 *
 * - `shareLink`: a guest with a link to an item or a board (or a vote's results). With
 *   `reaches: "item"` the request's `itemId` (path or query) must be one the link shows; with
 *   `comments: true` the link must take comments.
 * - `voteLink`: a guest with a vote's link that takes votes: the ballot of that vote.
 * - `approvalLink`: a guest reviewer of a review request, by the link made for them.
 * - `webhook`: the service, posting one task's outcome; the token signs the body's task.
 */
export type GuestCaller =
  | { kind: "shareLink"; reaches?: "item"; comments?: true }
  | { kind: "voteLink" }
  | { kind: "approvalLink" }
  | { kind: "webhook" };

// biome-ignore lint/suspicious/noExplicitAny: a declaration holds any zod object for its params
type AnyObject = z.ZodObject<any>;

export interface EndpointSpec {
  method: Method;
  /** OpenAPI style: `/api/experiments/{id}`; a `{key}` that is a catch-all may hold slashes. */
  path: `/api/${string}`;
  /** One line for the reference. */
  summary: string;
  description?: string;
  access: Access;
  /** With `access: "public"`: the guest the path's token names (see `GuestCaller`). */
  caller?: GuestCaller;
  /** Whether a personal access token may call it (default: yes for members' endpoints). */
  tokens?: boolean;
  /** Default true: a mutating public endpoint still requires the studio's Origin. */
  originCheck?: boolean;
  params?: AnyObject;
  query?: AnyObject;
  /** A JSON body, parsed with this schema; over `bodyLimit` bytes (default 64 KiB) it is a 413. */
  body?: z.ZodType;
  bodyLimit?: number;
  /** A body the handler reads itself (uploads, the auth library's forms, webhooks). */
  rawBody?: { contentType: string; description: string; limit?: number };
  /** The `data` of a `{ data }` answer. Absent with `produces`. */
  response?: z.ZodType;
  /** A body that is not JSON (media, a zip, a CSV): its content type. */
  produces?: string;
  /** The status of success: 200 unless declared. */
  status?: 200 | 201 | 202 | 204;
  /** The studio errors it may answer beyond the checks every endpoint makes. */
  errors?: readonly StudioErrorName[];
  /**
   * Every resource whose reads a success makes stale, its own included: the browser refreshes
   * them all after the call. Required of every endpoint that is not a GET (a test holds it), so
   * `[]` says on purpose that nothing the browser reads changes.
   */
  invalidates?: readonly ResourceName[];
}

export interface Endpoint<S extends EndpointSpec = EndpointSpec> {
  /** `experiments.list`: the resource and the endpoint's name, also its OpenAPI operationId. */
  readonly id: string;
  readonly resource: string;
  readonly spec: S;
}

export type AnyEndpoint = Endpoint<EndpointSpec>;

/**
 * A resource's endpoints, each stamped with its id (`<resource>.<name>`). The name a resource
 * carries is also the root of its query keys, so invalidating `["api", "experiments"]` refreshes
 * every read of experiments.
 */
export function resource<const R extends Record<string, EndpointSpec>>(
  name: string,
  specs: R,
): { readonly [K in keyof R]: Endpoint<R[K]> } {
  const out: Record<string, AnyEndpoint> = {};
  for (const [key, spec] of Object.entries(specs)) {
    out[key] = { id: `${name}.${key}`, resource: name, spec };
  }
  return out as { readonly [K in keyof R]: Endpoint<R[K]> };
}

// What an endpoint's parts infer to --------------------------------------------------------------

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;

export type ParamsOf<E extends AnyEndpoint> = Out<E["spec"]["params"]>;
export type QueryOf<E extends AnyEndpoint> = Out<E["spec"]["query"]>;
export type BodyOf<E extends AnyEndpoint> = Out<E["spec"]["body"]>;
export type DataOf<E extends AnyEndpoint> = E["spec"]["response"] extends z.ZodType
  ? z.output<E["spec"]["response"]>
  : unknown;

/** What a caller passes: params, query and body as they go in (before defaults). */
export type CallInput<E extends AnyEndpoint> = (E["spec"]["params"] extends z.ZodType
  ? { params: In<E["spec"]["params"]> }
  : { params?: undefined }) &
  (E["spec"]["query"] extends z.ZodType ? { query?: In<E["spec"]["query"]> } : { query?: undefined }) &
  (E["spec"]["body"] extends z.ZodType
    ? { body: In<E["spec"]["body"]> }
    : E["spec"]["rawBody"] extends object
      ? { body?: unknown }
      : { body?: undefined });

// Shared pieces ----------------------------------------------------------------------------------
