import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "@/lib/engine/http/test-harness";
import { CLIENT_IP_HEADER } from "@/lib/server/auth/create-auth";
import type { StudioRuntime } from "@/lib/server/runtime";
import { GALLERY_FILTER_KEYS } from "@/lib/studio/gallery-filter";
import { malformedPathError } from "./request-path";

// Every studio endpoint, fed hostile input the way the engine's own fuzzing feeds its parser:
// NUL and lone surrogates, huge numbers, wrong types, deep nesting, in JSON bodies, path and query
// parameters. Every answer is under 500, a refusal is in the contract's error shape, and the
// studio still answers afterwards. The Route Handlers run in-process against a real runtime (an
// embedded database in a temporary folder, the engine harness as the service).

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
const ORIGIN = "http://127.0.0.1:3000";
const RUNS = 40;

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
type Params = Record<string, string | string[]>;
type Handler = (request: Request, context: { params: Promise<Params> }) => Promise<Response>;

interface Input {
  params?: Params;
  query?: Record<string, string>;
  body?: { json: unknown } | { raw: Uint8Array; type: string };
  /** Unescaped path segments (a malformed %-escape), as a browser may send them. */
  rawPath?: string;
}

interface Endpoint {
  file: string;
  method: Method;
  /** Without the owner's session: set-up, invitations, sign-in, the service's webhook. */
  anonymous?: boolean;
  /** better-auth answers its own `{ code, message }` shape, not the contract's. */
  authShape?: boolean;
  path: (params: Params) => string;
  input: fc.Arbitrary<Input>;
}

// Hostile values -------------------------------------------------------------------------------

const utf16Unit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const hostileText = fc.oneof(
  fc.constantFrom(
    "",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udc00y",
    "🦊",
    "../../etc/passwd",
    "%00",
    "%c0%ae",
    " ",
    "null",
    "-1",
    "1e309",
    "x".repeat(5000),
    "00000000-0000-4000-8000-000000000000",
    "runware:100@1",
    "__proto__",
  ),
  fc.string({ unit: utf16Unit, maxLength: 24 }),
  fc.string({ unit: "grapheme", maxLength: 24 }),
);
const hugeNumber = fc.constantFrom(1e308, -1e308, 2 ** 64, Number.MAX_SAFE_INTEGER + 2, -0, 0.5, 9.2e18);
const leaf = fc.oneof(
  hostileText,
  hugeNumber,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const { value: jsonValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(hostileText, tie("value"), { maxKeys: 4 }),
  ),
}));
const deepNesting = fc.tuple(fc.integer({ min: 200, max: 3000 }), fc.boolean()).map(([depth, objects]) => {
  let v: unknown = "\u0000";
  for (let i = 0; i < depth; i++) v = objects ? { a: v } : [v];
  return v;
});
const anyJson = fc.oneof({ weight: 3, arbitrary: jsonValue }, { weight: 1, arbitrary: deepNesting });

/** A NUL or an unpaired surrogate, somewhere in a string that was fine. */
const poison = fc
  .tuple(fc.constantFrom("\u0000", "\ud800", "\udfff", "\ud83e"), fc.nat())
  .map(([bad, at]) => (text: string) => {
    const i = text.length === 0 ? 0 : at % (text.length + 1);
    return text.slice(0, i) + bad + text.slice(i);
  });

/**
 * A valid body with one field replaced or added, or one of its strings poisoned, or a body of
 * anything at all: each kind of input reaches a different depth of the handler.
 */
function mutated(template: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  const replaced = template.chain((t) =>
    fc
      .tuple(fc.constantFrom(...Object.keys(t), "extra"), anyJson)
      .map(([key, value]) => ({ ...t, [key]: value })),
  );
  const poisoned = template.chain((t) => {
    // A body of numbers only has no string to poison: its number fields get the poisoned text.
    const strings = Object.keys(t).filter((k) => typeof t[k] === "string");
    const texts = strings.length > 0 ? strings : Object.keys(t);
    return fc
      .tuple(fc.constantFrom(...texts), poison)
      .map(([key, spoil]) => ({ ...t, [key]: spoil(String(t[key])) }));
  });
  return fc.oneof(
    { weight: 2, arbitrary: replaced },
    { weight: 2, arbitrary: poisoned },
    { weight: 1, arbitrary: anyJson },
  );
}

/** Text for a path or query parameter: plain ids and words, poisoned ones, and anything at all. */
const paramText = fc.oneof(
  hostileText,
  fc.tuple(fc.constantFrom(randomUUID(), "tools-author", "abc"), poison).map(([text, spoil]) => spoil(text)),
);

const json = (body: fc.Arbitrary<unknown>) => body.map((b): Input => ({ body: { json: b } }));
const idParam = (name: string) => paramText.map((v): Input => ({ params: { [name]: v } }));
const noInput = fc.constant<Input>({});
const malformedSegment = fc.constantFrom("%c0%ae", "%ff", "%e0%80%80", "%", "%zz");

const imageTask = fc.uuid({ version: 4 }).map((taskUUID) => ({
  taskType: "imageInference",
  taskUUID,
  positivePrompt: "a fox in the snow",
  model: "runware:100@1",
  width: 128,
  height: 128,
  steps: 1,
}));
const toolTask = fc.oneof(
  fc.constant({ taskType: "modelSearch", search: "fox" }),
  fc.constant({ taskType: "promptEnhance", prompt: "a fox", promptMaxLength: 40 }),
  fc.constant({ taskType: "imageControlNetPreProcess", inputImage: randomUUID(), preProcessorType: "canny" }),
);
const experimentBody = fc.constant({
  base: {
    taskType: "imageInference",
    positivePrompt: "a fox",
    model: "runware:100@1",
    width: 128,
    height: 128,
    steps: 1,
  },
  axes: [{ kind: "values", path: "CFGScale", values: [3, 7] }],
});
const account = fc.constant({ name: "Eve", email: "eve@studio.test", password: "long enough password" });
const accept = fc.constant({
  token: "0123456789abcdefghijklmnop",
  name: "Eve",
  email: "eve@studio.test",
  password: "long enough password",
});

// Endpoints: one per Route Handler method under app/api (checked against the files below) ----------

const ENDPOINTS: Endpoint[] = [
  {
    file: "auth/[...all]",
    method: "GET",
    anonymous: true,
    authShape: true,
    path: () => "/api/auth/get-session",
    input: noInput,
  },
  {
    file: "auth/[...all]",
    method: "POST",
    anonymous: true,
    authShape: true,
    path: () => "/api/auth/sign-in/email",
    input: json(mutated(fc.constant({ email: "ada@studio.test", password: "wrong password" }))),
  },
  { file: "schemas", method: "GET", path: () => "/api/schemas", input: noInput },
  { file: "setup", method: "GET", anonymous: true, path: () => "/api/setup", input: noInput },
  { file: "setup", method: "POST", anonymous: true, path: () => "/api/setup", input: json(mutated(account)) },
  { file: "invitations", method: "GET", path: () => "/api/invitations", input: noInput },
  {
    file: "invitations",
    method: "POST",
    path: () => "/api/invitations",
    input: json(mutated(fc.constant({ role: "viewer", email: "vi@studio.test" }))),
  },
  {
    file: "invitations/[id]",
    method: "DELETE",
    path: (p) => `/api/invitations/${p.id}`,
    input: idParam("id"),
  },
  {
    file: "invitations/accept",
    method: "POST",
    anonymous: true,
    path: () => "/api/invitations/accept",
    input: json(mutated(accept)),
  },
  { file: "members", method: "GET", path: () => "/api/members", input: noInput },
  {
    file: "members/[id]",
    method: "PATCH",
    path: (p) => `/api/members/${p.id}`,
    input: fc
      .tuple(paramText, mutated(fc.constant({ role: "viewer" })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  { file: "members/[id]", method: "DELETE", path: (p) => `/api/members/${p.id}`, input: idParam("id") },
  {
    file: "members/[id]/reset-link",
    method: "POST",
    path: (p) => `/api/members/${p.id}/reset-link`,
    input: idParam("id"),
  },
  {
    file: "password-resets",
    method: "POST",
    anonymous: true,
    path: () => "/api/password-resets",
    input: json(
      mutated(fc.constant({ token: "0123456789abcdefghijklmnop", password: "long enough password" })),
    ),
  },
  { file: "limits", method: "GET", path: () => "/api/limits", input: noInput },
  {
    file: "limits",
    method: "PUT",
    path: () => "/api/limits",
    input: json(
      mutated(
        fc.constant({
          tasksPerRequest: 50,
          resultsPerRequest: 100,
          activePerMember: 4,
          waitingPerMember: 200,
          maxExperimentCells: 100,
        }),
      ),
    ),
  },
  {
    file: "experiments",
    method: "GET",
    path: () => "/api/experiments",
    input: fc
      .record({ cursor: paramText, limit: paramText }, { requiredKeys: [] })
      .map((query): Input => ({ query })),
  },
  {
    file: "experiments",
    method: "POST",
    path: () => "/api/experiments",
    input: json(mutated(experimentBody)),
  },
  {
    file: "experiments/preview",
    method: "POST",
    path: () => "/api/experiments/preview",
    input: json(mutated(experimentBody)),
  },
  { file: "experiments/[id]", method: "GET", path: (p) => `/api/experiments/${p.id}`, input: idParam("id") },
  {
    file: "experiments/[id]/control",
    method: "POST",
    path: (p) => `/api/experiments/${p.id}/control`,
    input: fc
      .tuple(paramText, mutated(fc.constant({ action: "pause" })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "experiments/[id]/rerun",
    method: "POST",
    path: (p) => `/api/experiments/${p.id}/rerun`,
    input: fc
      .tuple(paramText, mutated(fc.constant({ axis: 0, index: 0, value: 7 })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "experiments/[id]/export",
    method: "GET",
    path: (p) => `/api/experiments/${p.id}/export`,
    input: fc
      .tuple(paramText, fc.record({ format: paramText, layer: paramText }, { requiredKeys: [] }))
      .map(([id, query]): Input => ({ params: { id }, query })),
  },
  {
    file: "experiments/[id]/cells/[key]/retry",
    method: "POST",
    path: (p) => `/api/experiments/${p.id}/cells/${p.key}/retry`,
    input: fc.tuple(paramText, paramText).map(([id, key]): Input => ({ params: { id, key } })),
  },
  {
    file: "prompts",
    method: "GET",
    path: () => "/api/prompts",
    input: fc
      .record({ q: paramText, member: paramText, cursor: paramText, limit: paramText }, { requiredKeys: [] })
      .map((query): Input => ({ query })),
  },
  {
    file: "eval-sets",
    method: "GET",
    path: () => "/api/eval-sets",
    input: fc
      .record({ cursor: paramText, limit: paramText }, { requiredKeys: [] })
      .map((query): Input => ({ query })),
  },
  {
    file: "eval-sets",
    method: "POST",
    path: () => "/api/eval-sets",
    input: json(mutated(fc.constant({ name: "Foxes", cases: [{ prompt: "a red fox", seed: 1 }] }))),
  },
  { file: "eval-sets/[id]", method: "GET", path: (p) => `/api/eval-sets/${p.id}`, input: idParam("id") },
  {
    file: "eval-sets/[id]",
    method: "PATCH",
    path: (p) => `/api/eval-sets/${p.id}`,
    input: fc
      .tuple(paramText, mutated(fc.constant({ name: "Foxes", cases: [{ prompt: "a fox", seed: 2 }] })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  { file: "eval-sets/[id]", method: "DELETE", path: (p) => `/api/eval-sets/${p.id}`, input: idParam("id") },
  {
    file: "eval-sets/[id]/runs",
    method: "GET",
    path: (p) => `/api/eval-sets/${p.id}/runs`,
    input: idParam("id"),
  },
  {
    file: "eval-sets/[id]/runs",
    method: "POST",
    path: (p) => `/api/eval-sets/${p.id}/runs`,
    input: fc
      .tuple(paramText, mutated(fc.constant({ model: "runware:100@1", width: 512, height: 512, steps: 4 })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "eval-sets/[id]/votes",
    method: "GET",
    path: (p) => `/api/eval-sets/${p.id}/votes`,
    input: idParam("id"),
  },
  {
    file: "eval-sets/[id]/votes",
    method: "POST",
    path: (p) => `/api/eval-sets/${p.id}/votes`,
    input: fc
      .tuple(
        paramText,
        mutated(
          fc.constant({
            runs: ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"],
            name: "Which run?",
          }),
        ),
      )
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "eval-sets/[id]/compare",
    method: "GET",
    path: (p) => `/api/eval-sets/${p.id}/compare`,
    input: fc
      .tuple(paramText, fc.record({ runs: paramText }, { requiredKeys: [] }))
      .map(([id, query]): Input => ({ params: { id }, query })),
  },
  {
    file: "experiments/[id]/votes",
    method: "GET",
    path: (p) => `/api/experiments/${p.id}/votes`,
    input: idParam("id"),
  },
  {
    file: "experiments/[id]/votes",
    method: "POST",
    path: (p) => `/api/experiments/${p.id}/votes`,
    input: fc
      .tuple(paramText, mutated(fc.constant({ axis: 0, values: [0, 1], name: "Which prompt?" })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "votes",
    method: "POST",
    path: () => "/api/votes",
    input: mutated(
      fc.constant({
        items: ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"],
        name: "Which result?",
      }),
    ).map((body): Input => ({ body: { json: body } })),
  },
  { file: "votes/[id]", method: "GET", path: (p) => `/api/votes/${p.id}`, input: idParam("id") },
  {
    file: "votes/[id]/ballot",
    method: "GET",
    path: (p) => `/api/votes/${p.id}/ballot`,
    input: idParam("id"),
  },
  {
    file: "votes/[id]/media/[mediaId]",
    method: "GET",
    path: (p) => `/api/votes/${p.id}/media/${p.mediaId}`,
    input: fc
      .tuple(fc.oneof(paramText, fc.constant(randomUUID())), paramText)
      .map(([id, mediaId]): Input => ({ params: { id, mediaId } })),
  },
  {
    file: "votes/[id]/picks",
    method: "POST",
    path: (p) => `/api/votes/${p.id}/picks`,
    input: fc
      .tuple(paramText, mutated(fc.constant({ pairId: randomUUID(), pick: "left" })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "votes/[id]/close",
    method: "POST",
    path: (p) => `/api/votes/${p.id}/close`,
    input: idParam("id"),
  },
  {
    file: "votes/[id]/results",
    method: "GET",
    path: (p) => `/api/votes/${p.id}/results`,
    input: idParam("id"),
  },
  // Signing out everywhere has no input to vary; it runs once, last (it ends the owner's session).
  { file: "sessions", method: "DELETE", path: () => "/api/sessions", input: noInput },
  { file: "engine-keys", method: "GET", path: () => "/api/engine-keys", input: noInput },
  {
    file: "engine-keys",
    method: "POST",
    path: () => "/api/engine-keys",
    input: json(mutated(fc.constant({ description: "a script" }))),
  },
  {
    file: "engine-keys/[id]",
    method: "DELETE",
    path: (p) => `/api/engine-keys/${p.id}`,
    input: idParam("id"),
  },
  { file: "images/[id]", method: "GET", path: (p) => `/api/images/${p.id}`, input: idParam("id") },
  {
    file: "items",
    method: "GET",
    path: () => "/api/items",
    input: fc
      .oneof(
        ...["author", "cursor", "limit", ...GALLERY_FILTER_KEYS].map((name) =>
          paramText.map((v) => ({ [name]: v })),
        ),
        fc.record({ author: paramText, cursor: paramText, limit: paramText }, { requiredKeys: [] }),
        fc.record({ q: paramText, sort: fc.constantFrom("rating", "oldest"), cursor: paramText }),
      )
      .map((query): Input => ({ query })),
  },
  { file: "items/[id]", method: "GET", path: (p) => `/api/items/${p.id}`, input: idParam("id") },
  ...(["PUT", "DELETE"] as const).map(
    (method): Endpoint => ({
      file: "items/[id]/rating",
      method,
      path: (p) => `/api/items/${p.id}/rating`,
      input: fc
        .tuple(paramText, mutated(fc.constant({ value: 4 })))
        .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
    }),
  ),
  {
    file: "items/[id]/state",
    method: "PUT",
    path: (p) => `/api/items/${p.id}/state`,
    input: fc
      .tuple(paramText, mutated(fc.constant({ state: "approved" })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "items/[id]/assignee",
    method: "PUT",
    path: (p) => `/api/items/${p.id}/assignee`,
    input: fc
      .tuple(paramText, mutated(fc.constant({ userId: "tools-author" })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  ...(["items/[id]/history", "items/[id]/comments"] as const).map(
    (file): Endpoint => ({
      file,
      method: "GET",
      path: (p) => `/api/items/${p.id}/${file.split("/").at(-1)}`,
      input: fc
        .tuple(paramText, fc.record({ cursor: paramText, limit: paramText }, { requiredKeys: [] }))
        .map(([id, query]): Input => ({ params: { id }, query })),
    }),
  ),
  {
    file: "items/[id]/comments",
    method: "POST",
    path: (p) => `/api/items/${p.id}/comments`,
    input: fc
      .tuple(
        paramText,
        mutated(fc.constant({ body: "@Owner look", parentId: randomUUID(), pin: { x: 0.5, y: 0.5 } })),
      )
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "comments/[id]",
    method: "PATCH",
    path: (p) => `/api/comments/${p.id}`,
    input: fc
      .tuple(paramText, mutated(fc.constant({ resolved: true })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "inbox",
    method: "GET",
    path: () => "/api/inbox",
    input: fc
      .record({ cursor: paramText, limit: paramText }, { requiredKeys: [] })
      .map((query): Input => ({ query })),
  },
  {
    file: "inbox/read",
    method: "POST",
    path: () => "/api/inbox/read",
    input: json(
      fc.oneof(mutated(fc.constant({ commentIds: [randomUUID()] })), mutated(fc.constant({ all: true }))),
    ),
  },
  {
    file: "items/compare",
    method: "GET",
    path: () => "/api/items/compare",
    input: fc
      .oneof(
        paramText,
        fc.array(fc.oneof(paramText, fc.uuid({ version: 4 })), { maxLength: 6 }).map((ids) => ids.join(",")),
      )
      .map((ids): Input => ({ query: { ids } })),
  },
  {
    file: "items/[id]/neighbors",
    method: "GET",
    path: (p) => `/api/items/${p.id}/neighbors`,
    input: fc
      .tuple(paramText, fc.constantFrom(...GALLERY_FILTER_KEYS), paramText)
      .map(([id, key, value]): Input => ({ params: { id }, query: { [key]: value } })),
  },
  { file: "items/[id]/star", method: "PUT", path: (p) => `/api/items/${p.id}/star`, input: idParam("id") },
  { file: "items/[id]/star", method: "DELETE", path: (p) => `/api/items/${p.id}/star`, input: idParam("id") },
  {
    file: "items/[id]/thumb",
    method: "GET",
    path: (p) => `/api/items/${p.id}/thumb`,
    input: fc
      .tuple(fc.oneof(paramText, fc.constant(randomUUID())), paramText)
      .map(([id, w]): Input => ({ params: { id }, query: { w } })),
  },
  { file: "items/[id]/scrub", method: "GET", path: (p) => `/api/items/${p.id}/scrub`, input: idParam("id") },
  {
    file: "items/[id]/download",
    method: "GET",
    path: (p) => `/api/items/${p.id}/download`,
    input: idParam("id"),
  },
  { file: "gallery/facets", method: "GET", path: () => "/api/gallery/facets", input: noInput },
  {
    file: "gallery/totals",
    method: "GET",
    path: () => "/api/gallery/totals",
    input: fc
      .oneof(
        ...["author", ...GALLERY_FILTER_KEYS].map((name) => paramText.map((v) => ({ [name]: v }))),
        fc.record({ q: paramText, from: paramText, to: paramText }, { requiredKeys: [] }),
      )
      .map((query): Input => ({ query })),
  },
  {
    file: "media/[...key]",
    method: "GET",
    path: (p) => `/api/media/${(p.key as string[]).join("/")}`,
    input: fc.oneof(
      fc.array(paramText, { minLength: 1, maxLength: 4 }).map((key): Input => ({ params: { key } })),
      malformedSegment.map(
        (seg): Input => ({ params: { key: ["items"] }, rawPath: `/api/media/items/${seg}` }),
      ),
    ),
  },
  {
    file: "tasks",
    method: "POST",
    path: () => "/api/tasks",
    input: json(fc.oneof(fc.array(mutated(imageTask), { minLength: 1, maxLength: 3 }), anyJson)),
  },
  {
    file: "tasks",
    method: "GET",
    path: () => "/api/tasks",
    input: fc
      .oneof(
        ...["limit", "active"].map((name) => paramText.map((v) => ({ [name]: v }))),
        fc.record({ limit: paramText, active: paramText }, { requiredKeys: [] }),
      )
      .map((query): Input => ({ query })),
  },
  {
    file: "tasks/[taskUUID]",
    method: "GET",
    path: (p) => `/api/tasks/${p.taskUUID}`,
    input: idParam("taskUUID"),
  },
  { file: "tools", method: "POST", path: () => "/api/tools", input: json(mutated(toolTask)) },
  {
    file: "uploads",
    method: "POST",
    path: () => "/api/uploads",
    input: fc
      .tuple(
        fc.uint8Array({ maxLength: 512 }),
        fc.constantFrom("image/png", "image/jpeg", "image/webp", "application/json", "text/plain", ""),
      )
      .map(([raw, type]): Input => ({ body: { raw, type } })),
  },
  {
    file: "webhooks/[token]",
    method: "POST",
    anonymous: true,
    path: (p) => `/api/webhooks/${p.token}`,
    input: fc
      .tuple(paramText, mutated(imageTask))
      .map(([token, body]): Input => ({ params: { token }, body: { json: body } })),
  },
  // The review gallery: boards, tags, bulk actions, zip, trash, saved views, share links.
  {
    file: "boards",
    method: "GET",
    path: () => "/api/boards",
    input: fc
      .record({ cursor: paramText, limit: paramText }, { requiredKeys: [] })
      .map((query): Input => ({ query })),
  },
  {
    file: "boards",
    method: "POST",
    path: () => "/api/boards",
    input: json(mutated(fc.constant({ name: "Keepers", description: "The best ones" }))),
  },
  {
    file: "boards/[id]",
    method: "PATCH",
    path: (p) => `/api/boards/${p.id}`,
    input: fc
      .tuple(paramText, mutated(fc.constant({ name: "Renamed", coverItemId: randomUUID() })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  { file: "boards/[id]", method: "DELETE", path: (p) => `/api/boards/${p.id}`, input: idParam("id") },
  ...(["POST", "DELETE"] as const).map(
    (method): Endpoint => ({
      file: "boards/[id]/items",
      method,
      path: (p) => `/api/boards/${p.id}/items`,
      input: fc
        .tuple(paramText, mutated(fc.constant({ itemIds: [randomUUID()] })))
        .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
    }),
  ),
  {
    file: "items/[id]/tags",
    method: "PUT",
    path: (p) => `/api/items/${p.id}/tags`,
    input: fc
      .tuple(paramText, mutated(fc.constant({ tags: ["hero", "Blue Sky"] })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "items/bulk",
    method: "POST",
    path: () => "/api/items/bulk",
    input: json(
      mutated(
        fc.record({
          itemIds: fc.constant([randomUUID()]),
          action: fc.constantFrom("board.add", "board.remove", "tag.add", "tag.remove", "state", "trash"),
          boardId: fc.constant(randomUUID()),
          tag: fc.constant("hero"),
          state: fc.constantFrom("draft", "approved"),
        }),
      ),
    ),
  },
  {
    file: "items/zip",
    method: "POST",
    path: () => "/api/items/zip",
    input: json(mutated(fc.constant({ itemIds: [randomUUID()] }))),
  },
  {
    file: "trash",
    method: "GET",
    path: () => "/api/trash",
    input: fc
      .record({ cursor: paramText, limit: paramText }, { requiredKeys: [] })
      .map((query): Input => ({ query })),
  },
  ...(["restore", "purge"] as const).map(
    (what): Endpoint => ({
      file: `trash/${what}`,
      method: "POST",
      path: () => `/api/trash/${what}`,
      input: json(mutated(fc.constant({ itemIds: [randomUUID()] }))),
    }),
  ),
  {
    file: "saved-searches",
    method: "GET",
    path: () => "/api/saved-searches",
    input: fc
      .record({ cursor: paramText, limit: paramText }, { requiredKeys: [] })
      .map((query): Input => ({ query })),
  },
  {
    file: "saved-searches",
    method: "POST",
    path: () => "/api/saved-searches",
    input: json(
      mutated(fc.constant({ name: "Approved foxes", query: "state=approved&q=fox", shared: true })),
    ),
  },
  {
    file: "saved-searches/[id]",
    method: "PATCH",
    path: (p) => `/api/saved-searches/${p.id}`,
    input: fc
      .tuple(paramText, mutated(fc.constant({ name: "Renamed", shared: false })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "saved-searches/[id]",
    method: "DELETE",
    path: (p) => `/api/saved-searches/${p.id}`,
    input: idParam("id"),
  },
  {
    file: "share-links",
    method: "GET",
    path: () => "/api/share-links",
    input: fc
      .record({ cursor: paramText, limit: paramText }, { requiredKeys: [] })
      .map((query): Input => ({ query })),
  },
  {
    file: "share-links",
    method: "POST",
    path: () => "/api/share-links",
    input: json(
      mutated(
        fc.oneof(
          fc.constant({ itemId: randomUUID(), allowComments: true, showParams: false, expiresInDays: 7 }),
          fc.constant({ roundId: randomUUID(), expiresInDays: null }),
        ),
      ),
    ),
  },
  {
    file: "share-links/[id]",
    method: "DELETE",
    path: (p) => `/api/share-links/${p.id}`,
    input: idParam("id"),
  },
  {
    file: "share/[token]",
    method: "GET",
    anonymous: true,
    path: (p) => `/api/share/${p.token}`,
    input: fc
      .tuple(paramText, fc.record({ cursor: paramText, limit: paramText }, { requiredKeys: [] }))
      .map(([token, query]): Input => ({ params: { token }, query })),
  },
  {
    file: "share/[token]/media/[itemId]",
    method: "GET",
    anonymous: true,
    path: (p) => `/api/share/${p.token}/media/${p.itemId}`,
    input: fc.tuple(paramText, paramText).map(([token, itemId]): Input => ({ params: { token, itemId } })),
  },
  {
    file: "share/[token]/comments",
    method: "GET",
    anonymous: true,
    path: (p) => `/api/share/${p.token}/comments`,
    input: fc
      .tuple(paramText, paramText)
      .map(([token, itemId]): Input => ({ params: { token }, query: { itemId } })),
  },
  {
    file: "share/[token]/comments",
    method: "POST",
    anonymous: true,
    path: (p) => `/api/share/${p.token}/comments`,
    input: fc
      .tuple(paramText, paramText, mutated(fc.constant({ name: "Guest", body: "Lovely" })))
      .map(
        ([token, itemId, body]): Input => ({ params: { token }, query: { itemId }, body: { json: body } }),
      ),
  },
];

/** Inputs that once answered 500, tried first on every run (then the random ones). */
const EXAMPLES: Record<string, Input[]> = {
  "POST setup": [
    { body: { json: { name: "Eve\u0000", email: "eve@studio.test", password: "long enough password" } } },
  ],
  "DELETE invitations/[id]": [{ params: { id: "a\u0000b" } }],
  "POST invitations/accept": [
    {
      body: {
        json: { token: "no such invitation", name: "Eve", email: "e@studio.test", password: "long enough" },
      },
    },
    {
      body: {
        json: {
          token: "0123456789\u0000abcdef",
          name: "Eve",
          email: "e@studio.test",
          password: "long enough",
        },
      },
    },
  ],
  "PATCH members/[id]": [
    { params: { id: randomUUID() }, body: { json: { role: "viewer" } } },
    { params: { id: "a\u0000b" }, body: { json: { role: "viewer" } } },
  ],
  "DELETE members/[id]": [{ params: { id: randomUUID() } }, { params: { id: "a\u0000b" } }],
  "POST members/[id]/reset-link": [{ params: { id: randomUUID() } }, { params: { id: "a\u0000b" } }],
  "GET images/[id]": [{ params: { id: "a\u0000b" } }],
  "GET items": [{ query: { author: "a\u0000b" } }],
  "GET media/[...key]": [
    { params: { key: ["..", ".."] }, rawPath: "/api/media/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd" },
  ],
  "POST tasks": ["a \u0000 fox", "a \ud800 fox"].map((positivePrompt) => ({
    body: { json: [{ ...fc.sample(imageTask, 1)[0], positivePrompt }] },
  })),
};

// The studio in-process ---------------------------------------------------------------------------

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-fuzz-"));
let harness: Harness;
let runtime: StudioRuntime;
let ownerCookie = "";
const modules = new Map<string, Record<string, unknown>>();

async function routeModule(file: string): Promise<Record<string, unknown>> {
  let mod = modules.get(file);
  if (!mod) {
    mod = (await import(path.join(ROOT, "app", "api", file, "route.ts"))) as Record<string, unknown>;
    modules.set(file, mod);
  }
  return mod;
}

let addresses = 0;
function nextAddress(): string {
  addresses++;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A segment for the request's URL (no URL holds a lone surrogate; the handler gets it in params). */
function urlSegment(value: string): string {
  return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "\ufffd"));
}

/** One request through the endpoint's Route Handler, as server.ts and Next.js would route it. */
async function call(endpoint: Endpoint, input: Input): Promise<Response> {
  const params = input.params ?? {};
  let pathname = input.rawPath;
  if (pathname === undefined) {
    const encoded = Object.fromEntries(
      Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.map(urlSegment) : urlSegment(v)]),
    );
    pathname = endpoint.path(encoded);
  }
  const query = new URLSearchParams(input.query ?? {}).toString();
  const url = `${ORIGIN}${pathname}${query ? `?${query}` : ""}`;
  // What server.ts answers before any Route Handler: a path whose %-escapes do not decode.
  const refused = malformedPathError(`${pathname}${query ? `?${query}` : ""}`);
  if (refused) return Response.json(refused.body, { status: refused.status });

  // Each request from its own address: the sign-in limit is not what is under test here.
  const headers = new Headers({ origin: ORIGIN, host: "127.0.0.1:3000", [CLIENT_IP_HEADER]: nextAddress() });
  if (!endpoint.anonymous) headers.set("cookie", ownerCookie);
  let body: BodyInit | undefined;
  if (input.body && "json" in input.body) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(input.body.json);
  } else if (input.body) {
    if (input.body.type) headers.set("content-type", input.body.type);
    body = Buffer.from(input.body.raw);
  }
  const request = new Request(url, {
    method: endpoint.method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const handler = (await routeModule(endpoint.file))[endpoint.method] as Handler;
  return handler(request, { params: Promise.resolve(params) });
}

async function expectAnswered(endpoint: Endpoint, input: Input): Promise<void> {
  const res = await call(endpoint, input);
  const text = await res.text();
  const where = `${endpoint.method} ${endpoint.file} ${JSON.stringify(input).slice(0, 300)}`;
  expect(res.status, `${where} answered ${res.status}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status < 400) return;
  const payload = JSON.parse(text) as {
    errors?: { code?: unknown; message?: unknown }[];
    code?: unknown;
    message?: unknown;
  };
  const errors = endpoint.authShape && payload.errors === undefined ? [payload] : payload.errors;
  expect(Array.isArray(errors) && errors.length > 0, `${where}: ${text.slice(0, 300)}`).toBe(true);
  for (const e of errors ?? []) {
    // better-auth's own refusals carry a message and, mostly, a code.
    if (!endpoint.authShape) expect(typeof e.code, `${where}: ${text.slice(0, 300)}`).toBe("string");
    expect(typeof e.message, `${where}: ${text.slice(0, 300)}`).toBe("string");
  }
}

const ENV_NAMES = [
  "DATA_DIR",
  "HOST",
  "PORT",
  "UPSTREAM_URL",
  "UPSTREAM_WS_URL",
  "UPSTREAM_API_KEY",
] as const;
const savedEnv = Object.fromEntries(ENV_NAMES.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  harness = await startHarness();
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: "3000",
    UPSTREAM_URL: harness.url,
    UPSTREAM_WS_URL: harness.wsUrl,
    UPSTREAM_API_KEY: harness.key,
  });
  const { startRuntime } = await import("@/lib/server/runtime");
  runtime = await startRuntime();
  runtime.upstream.socket.start();
  const setUp = await call(ENDPOINTS.find((e) => e.file === "setup" && e.method === "POST") as Endpoint, {
    body: { json: { name: "Ada", email: "ada@studio.test", password: "analytical engine" } },
  });
  expect(setUp.status).toBe(200);
  ownerCookie = setUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}, 120_000);

afterAll(async () => {
  await runtime?.close();
  await harness?.close();
  harness?.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
  for (const name of ENV_NAMES) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

describe("the studio's API under hostile input", () => {
  it("covers every Route Handler under app/api", async () => {
    for (const key of Object.keys(EXAMPLES))
      expect(ENDPOINTS.map((e) => `${e.method} ${e.file}`)).toContain(key);
    const files = fs
      .readdirSync(path.join(ROOT, "app", "api"), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith("route.ts"))
      .map((f) => path.dirname(f).split(path.sep).join("/"));
    const declared: string[] = [];
    for (const file of files) {
      const mod = await routeModule(file);
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"])
        if (method in mod) declared.push(`${method} ${file}`);
    }
    expect(ENDPOINTS.map((e) => `${e.method} ${e.file}`).sort()).toEqual(declared.sort());
  });

  for (const endpoint of ENDPOINTS.filter((e) => e.file !== "sessions")) {
    it(`${endpoint.method} /api/${endpoint.file} answers every input under 500, in the contract's shape`, async () => {
      await fc.assert(
        fc.asyncProperty(endpoint.input, (input) => expectAnswered(endpoint, input)),
        {
          numRuns: endpoint.input === noInput ? 1 : RUNS,
          examples: (EXAMPLES[`${endpoint.method} ${endpoint.file}`] ?? []).map(
            (input) => [input] as [Input],
          ),
        },
      );
    }, 120_000);
  }

  it("still answers afterwards, and signing out everywhere ends the owner's session", async () => {
    const members = await call(ENDPOINTS.find((e) => e.file === "members") as Endpoint, {});
    expect(members.status).toBe(200);
    await expectAnswered(ENDPOINTS.find((e) => e.file === "sessions") as Endpoint, {});
    expect((await call(ENDPOINTS.find((e) => e.file === "members") as Endpoint, {})).status).toBe(401);
  });
});
