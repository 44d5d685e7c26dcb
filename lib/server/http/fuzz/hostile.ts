import { randomUUID } from "node:crypto";
import fc from "fast-check";

/**
 * Hostile input for the studio API's fuzzing (lib/server/http/api-fuzz.test.ts), the way the
 * engine's own fuzzing feeds its parser: NUL and lone surrogates, huge numbers, wrong types, deep
 * nesting.
 */

export type Params = Record<string, string | string[]>;

export interface Input {
  params?: Params;
  query?: Record<string, string>;
  body?: { json: unknown } | { raw: Uint8Array; type: string };
  /** Unescaped path segments (a malformed %-escape), as a browser may send them. */
  rawPath?: string;
}

const utf16Unit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
export const hostileText = fc.oneof(
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
export const { value: jsonValue } = fc.letrec<{ value: unknown }>((tie) => ({
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
export const anyJson = fc.oneof({ weight: 3, arbitrary: jsonValue }, { weight: 1, arbitrary: deepNesting });

/** A NUL or an unpaired surrogate, somewhere in a string that was fine. */
export const poison = fc
  .tuple(fc.constantFrom("\u0000", "\ud800", "\udfff", "\ud83e"), fc.nat())
  .map(([bad, at]) => (text: string) => {
    const i = text.length === 0 ? 0 : at % (text.length + 1);
    return text.slice(0, i) + bad + text.slice(i);
  });

/**
 * A valid body with one field replaced or added, or one of its strings poisoned, or a body of
 * anything at all: each kind of input reaches a different depth of the handler.
 */
export function mutated(template: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
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
export const paramText = fc.oneof(
  hostileText,
  fc.tuple(fc.constantFrom(randomUUID(), "tools-author", "abc"), poison).map(([text, spoil]) => spoil(text)),
);

export const json = (body: fc.Arbitrary<unknown>) => body.map((b): Input => ({ body: { json: b } }));
export const idParam = (name: string) => paramText.map((v): Input => ({ params: { [name]: v } }));
export const noInput = fc.constant<Input>({});
export const malformedSegment = fc.constantFrom("%c0%ae", "%ff", "%e0%80%80", "%", "%zz");

export const imageTask = fc.uuid({ version: 4 }).map((taskUUID) => ({
  taskType: "imageInference",
  taskUUID,
  positivePrompt: "a fox in the snow",
  model: "runware:100@1",
  width: 128,
  height: 128,
  steps: 1,
}));
export const toolTask = fc.oneof(
  fc.constant({ taskType: "modelSearch", search: "fox" }),
  fc.constant({ taskType: "promptEnhance", prompt: "a fox", promptMaxLength: 40 }),
  fc.constant({ taskType: "imageControlNetPreProcess", inputImage: randomUUID(), preProcessorType: "canny" }),
);
export const experimentBody = fc.constant({
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
export const account = fc.constant({
  name: "Eve",
  email: "eve@studio.test",
  password: "long enough password",
});
export const accept = fc.constant({
  token: "0123456789abcdefghijklmnop",
  name: "Eve",
  email: "eve@studio.test",
  password: "long enough password",
});
