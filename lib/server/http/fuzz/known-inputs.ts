import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { GALLERY_FILTER_KEYS } from "@/lib/studio/gallery/filter";
import { NOTIFICATION_KINDS } from "@/lib/studio/notifications/notifications";
import {
  accept,
  account,
  anyJson,
  experimentBody,
  type Input,
  idParam,
  imageTask,
  json,
  malformedSegment,
  mutated,
  noInput,
  paramText,
  toolTask,
} from "./hostile";

/**
 * Inputs written by hand for endpoints whose valid body or path takes knowing: a mutation of a
 * valid body reaches deeper into a handler than anything random. Every declared endpoint is also
 * fuzzed with input derived from its declaration (./endpoints.ts), so a new endpoint needs no line
 * here; `file` is the Route Handler's folder under app/api.
 */

export interface KnownInput {
  file: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  input: fc.Arbitrary<Input>;
  /**
   * This input replaces the derived one: the auth library's catch-all answers an unknown path
   * with an empty 404, so only its real paths are worth feeding.
   */
  only?: boolean;
}

export const KNOWN_INPUTS: KnownInput[] = [
  {
    file: "auth/[...path]",
    method: "GET",
    input: fc.constant<Input>({ params: { all: ["get-session"] } }),
    only: true,
  },
  {
    file: "auth/[...path]",
    method: "POST",
    input: json(mutated(fc.constant({ email: "ada@studio.test", password: "wrong password" }))).map(
      (input): Input => ({ ...input, params: { all: ["sign-in", "email"] } }),
    ),
    only: true,
  },
  { file: "schemas", method: "GET", input: noInput },
  { file: "setup", method: "GET", input: noInput },
  { file: "setup", method: "POST", input: json(mutated(account)) },
  { file: "invitations", method: "GET", input: noInput },
  {
    file: "invitations",
    method: "POST",
    input: json(mutated(fc.constant({ role: "viewer", email: "vi@studio.test" }))),
  },
  {
    file: "invitations/[id]",
    method: "DELETE",
    input: idParam("id"),
  },
  {
    file: "invitations/accept",
    method: "POST",
    input: json(mutated(accept)),
  },
  { file: "members", method: "GET", input: noInput },
  {
    file: "members/[id]",
    method: "PATCH",
    input: fc
      .tuple(paramText, mutated(fc.constant({ role: "viewer" })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  { file: "members/[id]", method: "DELETE", input: idParam("id") },
  {
    file: "members/[id]/reset-link",
    method: "POST",
    input: idParam("id"),
  },
  {
    file: "password-resets",
    method: "POST",
    input: json(
      mutated(fc.constant({ token: "0123456789abcdefghijklmnop", password: "long enough password" })),
    ),
  },
  { file: "limits", method: "GET", input: noInput },
  {
    file: "limits",
    method: "PUT",
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
    input: fc
      .record(
        { cursor: paramText, limit: paramText, kind: paramText, unread: paramText },
        { requiredKeys: [] },
      )
      .map((query): Input => ({ query })),
  },
  {
    file: "experiments",
    method: "POST",
    input: json(mutated(experimentBody)),
  },
  {
    file: "experiments/preview",
    method: "POST",
    input: json(mutated(experimentBody)),
  },
  { file: "experiments/[id]", method: "GET", input: idParam("id") },
  {
    file: "experiments/[id]/control",
    method: "POST",
    input: fc
      .tuple(paramText, mutated(fc.constant({ action: "pause" })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "experiments/[id]/rerun",
    method: "POST",
    input: fc
      .tuple(paramText, mutated(fc.constant({ axis: 0, index: 0, value: 7 })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "experiments/[id]/export",
    method: "GET",
    input: fc
      .tuple(paramText, fc.record({ format: paramText, layer: paramText }, { requiredKeys: [] }))
      .map(([id, query]): Input => ({ params: { id }, query })),
  },
  {
    file: "experiments/[id]/cells/[key]/retry",
    method: "POST",
    input: fc.tuple(paramText, paramText).map(([id, key]): Input => ({ params: { id, key } })),
  },
  {
    file: "prompts",
    method: "GET",
    input: fc
      .record({ q: paramText, member: paramText, cursor: paramText, limit: paramText }, { requiredKeys: [] })
      .map((query): Input => ({ query })),
  },
  {
    file: "eval-sets",
    method: "GET",
    input: fc
      .record(
        { cursor: paramText, limit: paramText, kind: paramText, unread: paramText },
        { requiredKeys: [] },
      )
      .map((query): Input => ({ query })),
  },
  {
    file: "eval-sets",
    method: "POST",
    input: json(mutated(fc.constant({ name: "Foxes", cases: [{ prompt: "a red fox", seed: 1 }] }))),
  },
  { file: "eval-sets/[id]", method: "GET", input: idParam("id") },
  {
    file: "eval-sets/[id]",
    method: "PATCH",
    input: fc
      .tuple(paramText, mutated(fc.constant({ name: "Foxes", cases: [{ prompt: "a fox", seed: 2 }] })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  { file: "eval-sets/[id]", method: "DELETE", input: idParam("id") },
  {
    file: "eval-sets/[id]/runs",
    method: "GET",
    input: idParam("id"),
  },
  {
    file: "eval-sets/[id]/runs",
    method: "POST",
    input: fc
      .tuple(paramText, mutated(fc.constant({ model: "runware:100@1", width: 512, height: 512, steps: 4 })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "eval-sets/[id]/votes",
    method: "GET",
    input: idParam("id"),
  },
  {
    file: "eval-sets/[id]/votes",
    method: "POST",
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
    input: fc
      .tuple(paramText, fc.record({ runs: paramText }, { requiredKeys: [] }))
      .map(([id, query]): Input => ({ params: { id }, query })),
  },
  {
    file: "experiments/[id]/votes",
    method: "GET",
    input: idParam("id"),
  },
  {
    file: "experiments/[id]/votes",
    method: "POST",
    input: fc
      .tuple(paramText, mutated(fc.constant({ axis: 0, values: [0, 1], name: "Which prompt?" })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "votes",
    method: "POST",
    input: mutated(
      fc.constant({
        items: ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"],
        name: "Which result?",
      }),
    ).map((body): Input => ({ body: { json: body } })),
  },
  { file: "votes/[id]", method: "GET", input: idParam("id") },
  {
    file: "votes/[id]/ballot",
    method: "GET",
    input: idParam("id"),
  },
  {
    file: "votes/[id]/media/[mediaId]",
    method: "GET",
    input: fc
      .tuple(fc.oneof(paramText, fc.constant(randomUUID())), paramText)
      .map(([id, mediaId]): Input => ({ params: { id, mediaId } })),
  },
  {
    file: "votes/[id]/picks",
    method: "POST",
    input: fc
      .tuple(paramText, mutated(fc.constant({ pairId: randomUUID(), pick: "left" })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "votes/[id]/close",
    method: "POST",
    input: idParam("id"),
  },
  {
    file: "votes/[id]/results",
    method: "GET",
    input: idParam("id"),
  },
  // Signing out everywhere has no input to vary; it runs once, last (it ends the owner's session).
  { file: "sessions", method: "DELETE", input: noInput },
  { file: "engine-keys", method: "GET", input: noInput },
  {
    file: "engine-keys",
    method: "POST",
    input: json(mutated(fc.constant({ description: "a script" }))),
  },
  {
    file: "engine-keys/[id]",
    method: "DELETE",
    input: idParam("id"),
  },
  { file: "images/[id]", method: "GET", input: idParam("id") },
  {
    file: "items",
    method: "GET",
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
  { file: "items/[id]", method: "GET", input: idParam("id") },
  ...(["PUT", "DELETE"] as const).map(
    (method): KnownInput => ({
      file: "items/[id]/rating",
      method,
      input: fc
        .tuple(paramText, mutated(fc.constant({ value: 4 })))
        .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
    }),
  ),
  {
    file: "items/[id]/state",
    method: "PUT",
    input: fc
      .tuple(paramText, mutated(fc.constant({ state: "approved" })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "items/[id]/assignee",
    method: "PUT",
    input: fc
      .tuple(paramText, mutated(fc.constant({ userId: "tools-author" })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  ...(["items/[id]/history", "items/[id]/comments"] as const).map(
    (file): KnownInput => ({
      file,
      method: "GET",
      input: fc
        .tuple(paramText, fc.record({ cursor: paramText, limit: paramText }, { requiredKeys: [] }))
        .map(([id, query]): Input => ({ params: { id }, query })),
    }),
  ),
  {
    file: "items/[id]/comments",
    method: "POST",
    input: fc
      .tuple(
        paramText,
        mutated(fc.constant({ body: "@Owner look", parentId: randomUUID(), pin: { x: 0.5, y: 0.5 } })),
      )
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "items/[id]/comments",
    method: "POST",
    input: fc
      .tuple(
        paramText,
        mutated(
          fc.constant({
            body: "the wave",
            pin: { seconds: 0.5, endSeconds: 1.5 },
            marks: [
              {
                kind: "arrow",
                color: "red",
                points: [
                  [0.1, 0.2],
                  [0.3, 0.4],
                ],
              },
              {
                kind: "freehand",
                color: "white",
                points: [
                  [0.5, 0.5],
                  [0.6, 0.6],
                  [0.7, 0.5],
                ],
              },
            ],
          }),
        ),
      )
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "comments/[id]",
    method: "PATCH",
    input: fc
      .tuple(paramText, mutated(fc.constant({ resolved: true })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "inbox",
    method: "GET",
    input: fc
      .record(
        { cursor: paramText, limit: paramText, kind: paramText, unread: paramText },
        { requiredKeys: [] },
      )
      .map((query): Input => ({ query })),
  },
  {
    file: "inbox/read",
    method: "POST",
    input: json(fc.oneof(mutated(fc.constant({ ids: [randomUUID()] })), mutated(fc.constant({ all: true })))),
  },
  {
    file: "inbox/settings",
    method: "PUT",
    input: json(
      mutated(
        fc.constant(
          Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { inbox: true, email: false }])),
        ),
      ),
    ),
  },
  {
    file: "items/compare",
    method: "GET",
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
    input: fc
      .tuple(paramText, fc.constantFrom(...GALLERY_FILTER_KEYS), paramText)
      .map(([id, key, value]): Input => ({ params: { id }, query: { [key]: value } })),
  },
  { file: "items/[id]/star", method: "PUT", input: idParam("id") },
  { file: "items/[id]/star", method: "DELETE", input: idParam("id") },
  {
    file: "items/[id]/thumb",
    method: "GET",
    input: fc
      .tuple(fc.oneof(paramText, fc.constant(randomUUID())), paramText)
      .map(([id, w]): Input => ({ params: { id }, query: { w } })),
  },
  { file: "items/[id]/scrub", method: "GET", input: idParam("id") },
  {
    file: "items/[id]/download",
    method: "GET",
    input: idParam("id"),
  },
  { file: "gallery/facets", method: "GET", input: noInput },
  {
    file: "gallery/totals",
    method: "GET",
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
    input: json(fc.oneof(fc.array(mutated(imageTask), { minLength: 1, maxLength: 3 }), anyJson)),
  },
  {
    file: "tasks",
    method: "GET",
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
    input: idParam("taskUUID"),
  },
  { file: "tools", method: "POST", input: json(mutated(toolTask)) },
  {
    file: "uploads",
    method: "POST",
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
    input: fc
      .tuple(paramText, mutated(imageTask))
      .map(([token, body]): Input => ({ params: { token }, body: { json: body } })),
  },
  // The review gallery: boards, tags, bulk actions, zip, trash, saved views, share links.
  {
    file: "boards",
    method: "GET",
    input: fc
      .record(
        { cursor: paramText, limit: paramText, kind: paramText, unread: paramText },
        { requiredKeys: [] },
      )
      .map((query): Input => ({ query })),
  },
  {
    file: "boards",
    method: "POST",
    input: json(mutated(fc.constant({ name: "Keepers", description: "The best ones" }))),
  },
  {
    file: "boards/[id]",
    method: "PATCH",
    input: fc
      .tuple(paramText, mutated(fc.constant({ name: "Renamed", coverItemId: randomUUID() })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  { file: "boards/[id]", method: "DELETE", input: idParam("id") },
  ...(["POST", "DELETE"] as const).map(
    (method): KnownInput => ({
      file: "boards/[id]/items",
      method,
      input: fc
        .tuple(paramText, mutated(fc.constant({ itemIds: [randomUUID()] })))
        .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
    }),
  ),
  {
    file: "items/[id]/tags",
    method: "PUT",
    input: fc
      .tuple(paramText, mutated(fc.constant({ tags: ["hero", "Blue Sky"] })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "items/bulk",
    method: "POST",
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
    input: json(mutated(fc.constant({ itemIds: [randomUUID()] }))),
  },
  {
    file: "trash",
    method: "GET",
    input: fc
      .record(
        { cursor: paramText, limit: paramText, kind: paramText, unread: paramText },
        { requiredKeys: [] },
      )
      .map((query): Input => ({ query })),
  },
  ...(["restore", "purge"] as const).map(
    (what): KnownInput => ({
      file: `trash/${what}`,
      method: "POST",
      input: json(mutated(fc.constant({ itemIds: [randomUUID()] }))),
    }),
  ),
  {
    file: "saved-searches",
    method: "GET",
    input: fc
      .record(
        { cursor: paramText, limit: paramText, kind: paramText, unread: paramText },
        { requiredKeys: [] },
      )
      .map((query): Input => ({ query })),
  },
  {
    file: "saved-searches",
    method: "POST",
    input: json(
      mutated(fc.constant({ name: "Approved foxes", query: "state=approved&q=fox", shared: true })),
    ),
  },
  {
    file: "saved-searches/[id]",
    method: "PATCH",
    input: fc
      .tuple(paramText, mutated(fc.constant({ name: "Renamed", shared: false })))
      .map(([id, body]): Input => ({ params: { id }, body: { json: body } })),
  },
  {
    file: "saved-searches/[id]",
    method: "DELETE",
    input: idParam("id"),
  },
  {
    file: "share-links",
    method: "GET",
    input: fc
      .record(
        { cursor: paramText, limit: paramText, kind: paramText, unread: paramText },
        { requiredKeys: [] },
      )
      .map((query): Input => ({ query })),
  },
  {
    file: "share-links",
    method: "POST",
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
    input: idParam("id"),
  },
  {
    file: "share/[token]",
    method: "GET",
    input: fc
      .tuple(paramText, fc.record({ cursor: paramText, limit: paramText }, { requiredKeys: [] }))
      .map(([token, query]): Input => ({ params: { token }, query })),
  },
  {
    file: "share/[token]/media/[itemId]",
    method: "GET",
    input: fc.tuple(paramText, paramText).map(([token, itemId]): Input => ({ params: { token, itemId } })),
  },
  {
    file: "share/[token]/comments",
    method: "GET",
    input: fc
      .tuple(paramText, paramText)
      .map(([token, itemId]): Input => ({ params: { token }, query: { itemId } })),
  },
  {
    file: "share/[token]/comments",
    method: "POST",
    input: fc
      .tuple(
        paramText,
        paramText,
        mutated(
          fc.constant({
            name: "Guest",
            body: "Lovely",
            pin: { seconds: 1 },
            marks: [
              {
                kind: "ellipse",
                color: "green",
                points: [
                  [0.2, 0.2],
                  [0.4, 0.5],
                ],
              },
            ],
          }),
        ),
      )
      .map(
        ([token, itemId, body]): Input => ({ params: { token }, query: { itemId }, body: { json: body } }),
      ),
  },
];

/** Inputs that once answered 500, tried first on every run (then the random ones). */
export const EXAMPLES: Record<string, Input[]> = {
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
