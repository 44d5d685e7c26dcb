import { describe, expect, it } from "vitest";
import { parseTask } from "./envelope";
import {
  IDEOGRAM_STYLE_PRESETS,
  IDEOGRAM_STYLE_TYPES,
  MIDJOURNEY_NIJI,
  MIDJOURNEY_QUALITIES,
  PROVIDER_DEFAULTS,
  PROVIDER_KEYS,
  providerSettingsSchema,
} from "./provider-settings";
import { PNG_1PX_BASE64, PNG_1PX_DATA_URI } from "./test-fixtures";

const UUID = "6a0f3b2e-9c1d-4e8f-a7b6-5c4d3e2f1a0b";

type Task = Record<string, unknown>;
const base: Task = {
  taskType: "imageInference",
  taskUUID: "3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f607",
  positivePrompt: "a red fox",
  model: "runware:100@1",
  width: 1024,
  height: 1024,
};
/** A task with `providerSettings: { [key]: settings }` and extra root fields. */
const ps = (key: string, settings: unknown, root: Task = {}): Task => ({
  ...base,
  providerSettings: { [key]: settings },
  ...root,
});

type Pair = [code: string, parameter: string];
function errorsOf(task: Task): Pair[] {
  const out = parseTask(task);
  return out.ok ? [] : out.errors.map((e): Pair => [e.code, e.parameter ?? ""]);
}
type Row = [string, Task, Task, Pair[]];
const one = (code: string, parameter: string): Pair[] => [[code, parameter]];

const { P1, P2, P3, P4, P5, P6, P7, P8 } = PROVIDER_KEYS;
const path = (key: string, ...rest: (string | number)[]) => ["providerSettings", key, ...rest].join(".");
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const invalid = (key: string, field: string): Pair[] =>
  one(`invalid${pascal(key)}${pascal(field)}`, path(key, field));

/** One passing/failing row per boolean field of a provider. */
const booleanRows = (key: string, fields: string[]): Row[] =>
  fields.map(
    (f): Row => [`${key}.${f} is boolean`, ps(key, { [f]: true }), ps(key, { [f]: "true" }), invalid(key, f)],
  );
/** One passing/failing row per enum value, the failing value being a near miss. */
const enumRows = (key: string, field: string, values: readonly string[], bad: string): Row[] =>
  values.map(
    (v): Row => [
      `${key}.${field} ${v}`,
      ps(key, { [field]: v }),
      ps(key, { [field]: bad }),
      invalid(key, field),
    ],
  );
/** min-1 / min / max / max+1 of an integer field. */
const boundRows = (key: string, field: string, min: number, max: number): Row[] => [
  [
    `${key}.${field} min ${min}`,
    ps(key, { [field]: min }),
    ps(key, { [field]: min - 1 }),
    invalid(key, field),
  ],
  [
    `${key}.${field} max ${max}`,
    ps(key, { [field]: max }),
    ps(key, { [field]: max + 1 }),
    invalid(key, field),
  ],
  [
    `${key}.${field} is an integer`,
    ps(key, { [field]: min + 1 }),
    ps(key, { [field]: min + 0.5 }),
    invalid(key, field),
  ],
];

const p1to4Rows: Row[] = [
  ...booleanRows(P1, ["promptExtend"]),
  ...booleanRows(P2, ["promptUpsampling", "raw"]),
  ...boundRows(P2, "safetyTolerance", 0, 6),
  ...booleanRows(P3, [
    "promptEnhancement",
    "enhanceImage",
    "promptContentModeration",
    "contentModeration",
    "ipSignal",
    "enhanceReferenceImages",
    "refinePrompt",
    "originalQuality",
    "forceBackgroundDetection",
  ]),
  ...enumRows(P3, "medium", ["photography", "art"], "painting"),
  ...enumRows(P3, "mode", ["base", "high_control", "fast"], "high-control"),
  ...boundRows(P4, "maxSequentialImages", 1, 15),
  ...enumRows(P4, "optimizePromptMode", ["standard", "fast"], "slow"),
];

const IG = P5;
const palette = (p: unknown, root: Task = {}) => ps(IG, { colorPalette: p }, root);
const members = (...weights: (number | undefined)[]) =>
  palette({
    members: weights.map((w) =>
      w === undefined ? { colorHex: "#aabbcc" } : { colorHex: "#abc", colorWeight: w },
    ),
  });
const MEMBERS = path(IG, "colorPalette", "members");

// biome-ignore format: one row per case reads as a table
const p5Rows: Row[] = [
  ...enumRows(IG, "renderingSpeed", ["TURBO", "DEFAULT", "QUALITY"], "FAST"),
  ...enumRows(IG, "magicPrompt", ["AUTO", "ON", "OFF"], "on"),
  ...enumRows(IG, "styleType", IDEOGRAM_STYLE_TYPES, "PHOTO"),
  ...boundRows(IG, "remixStrength", 1, 100),
  ["stylePreset: every listed value / a near miss", ps(IG, { stylePreset: "80S_ILLUSTRATION" }), ps(IG, { stylePreset: "80s_illustration" }), invalid(IG, "stylePreset")],
  ["styleReferenceImages min 1", ps(IG, { styleReferenceImages: [UUID] }), ps(IG, { styleReferenceImages: [] }), invalid(IG, "styleReferenceImages")],
  ["styleReferenceImages max 4", ps(IG, { styleReferenceImages: [UUID, PNG_1PX_BASE64, PNG_1PX_DATA_URI, UUID] }), ps(IG, { styleReferenceImages: [UUID, UUID, UUID, UUID, UUID] }), invalid(IG, "styleReferenceImages")],
  ["styleReferenceImages items are image inputs", ps(IG, { styleReferenceImages: ["https://example.com/s.webp"] }), ps(IG, { styleReferenceImages: ["style"] }), one("invalidIdeogramStyleReferenceImages", path(IG, "styleReferenceImages", 0))],
  ["styleCode: 8 hex characters", ps(IG, { styleCode: "a1B2c3D4" }), ps(IG, { styleCode: "a1b2c3d" }), invalid(IG, "styleCode")],
  ["styleCode: not 9 characters", ps(IG, { styleCode: "00000000" }), ps(IG, { styleCode: "a1b2c3d4e" }), invalid(IG, "styleCode")],
  ["styleCode: hexadecimal only", ps(IG, { styleCode: "ffffffff" }), ps(IG, { styleCode: "ghijklmn" }), invalid(IG, "styleCode")],
  ["styleCode cannot be combined with styleType", ps(IG, { styleCode: "a1b2c3d4" }), ps(IG, { styleCode: "a1b2c3d4", styleType: "AUTO" }), one("conflictStyleCodeStyleType", path(IG, "styleType"))],
  ["styleCode cannot be combined with referenceImages", ps(IG, { styleType: "AUTO" }, { referenceImages: [UUID] }), ps(IG, { styleCode: "a1b2c3d4" }, { referenceImages: [UUID] }), one("conflictStyleCodeReferenceImages", "referenceImages")],
  ["colorPalette name EMBER", palette({ name: "EMBER" }), palette({ name: "ember" }), one("invalidColorPaletteName", path(IG, "colorPalette", "name"))],
  ["colorPalette name ULTRAMARINE", palette({ name: "ULTRAMARINE" }), palette({ name: "NAVY" }), one("invalidColorPaletteName", path(IG, "colorPalette", "name"))],
  ["colorPalette: name or members, not both", palette({ members: [{ colorHex: "#fff" }] }), palette({ name: "MELON", members: [{ colorHex: "#fff" }] }), one("conflictNameMembers", MEMBERS)],
  ["colorPalette: name or members, one of them", palette({ name: "PASTEL" }), palette({}), one("invalidIdeogramColorPalette", path(IG, "colorPalette"))],
  ["colorPalette members min 1", members(1), palette({ members: [] }), one("invalidColorPaletteMembers", MEMBERS)],
  ["colorHex is required", members(1), palette({ members: [{ colorWeight: 1 }] }), one("missingMembersColorHex", `${MEMBERS}.0.colorHex`)],
  ["colorHex #abc / #abcd", palette({ members: [{ colorHex: "#abc" }] }), palette({ members: [{ colorHex: "#abcd" }] }), one("invalidMembersColorHex", `${MEMBERS}.0.colorHex`)],
  ["colorHex #aabbcc / no #", palette({ members: [{ colorHex: "#AABBCC" }] }), palette({ members: [{ colorHex: "aabbcc" }] }), one("invalidMembersColorHex", `${MEMBERS}.0.colorHex`)],
  ["colorHex hex digits only", palette({ members: [{ colorHex: "#09f" }] }), palette({ members: [{ colorHex: "#ggg" }] }), one("invalidMembersColorHex", `${MEMBERS}.0.colorHex`)],
  ["colorWeight min 0.05", members(0.05), members(0.04), one("invalidMembersColorWeight", `${MEMBERS}.0.colorWeight`)],
  ["colorWeight max 1", members(1), members(1.01), one("invalidMembersColorWeight", `${MEMBERS}.0.colorWeight`)],
  ["colorWeight descending", members(1, 0.5, 0.5, 0.1), members(0.5, 1), one("invalidMembersColorWeight", `${MEMBERS}.1.colorWeight`)],
  ["colorWeight descending across unweighted members", members(0.8, undefined, 0.3), members(0.3, undefined, 0.8), one("invalidMembersColorWeight", `${MEMBERS}.2.colorWeight`)],
  ["colorPalette unknown key", palette({ name: "JUNGLE" }), palette({ name: "JUNGLE", weight: 1 }), one("unknownParameter", path(IG, "colorPalette", "weight"))],
  ["characterReferenceImages max 1", ps(IG, { characterReferenceImages: [UUID] }), ps(IG, { characterReferenceImages: [UUID, UUID] }), invalid(IG, "characterReferenceImages")],
  ["characterReferenceImagesMask needs as many images", ps(IG, { characterReferenceImages: [UUID], characterReferenceImagesMask: [UUID] }), ps(IG, { characterReferenceImagesMask: [UUID] }), invalid(IG, "characterReferenceImagesMask")],
  ["characterReferenceImagesMask max 1", ps(IG, { characterReferenceImages: [PNG_1PX_DATA_URI] }), ps(IG, { characterReferenceImages: [UUID], characterReferenceImagesMask: [UUID, UUID] }), invalid(IG, "characterReferenceImagesMask")],
];

const p6to8Rows: Row[] = [
  ...enumRows(P6, "quality", MIDJOURNEY_QUALITIES, "3"),
  [
    "midjourney.quality is a string, not a number",
    ps(P6, { quality: "1" }),
    ps(P6, { quality: 1 }),
    invalid(P6, "quality"),
  ],
  ...boundRows(P6, "stylize", 0, 1000),
  ...boundRows(P6, "chaos", 0, 100),
  ...boundRows(P6, "weird", 0, 3000),
  ...enumRows(P6, "niji", MIDJOURNEY_NIJI, "7"),
  ...enumRows(P7, "quality", ["auto", "high", "medium", "low"], "hd"),
  ...enumRows(P7, "background", ["auto", "transparent", "opaque"], "white"),
  ...booleanRows(P8, ["turbo"]),
];

// biome-ignore format: one row per case reads as a table
const objectRows: Row[] = [
  ["unknown field of a known provider", ps(P2, { raw: true }), ps(P2, { raw: true, steps: 4 }), one("unknownParameter", path(P2, "steps"))],
  ["unknown field of P8's placeholder key", ps(P8, { turbo: true }), ps(P8, { fast: true }), one("unknownParameter", path(P8, "fast"))],
  ["an unknown provider takes any JSON object", ps("acme", { anything: [1, { nested: true }], n: null }), ps("acme", "fast"), one("invalidAcme", path("acme"))],
  ["an unknown provider's value must be an object", ps("acme", {}), ps("acme", [1, 2]), one("invalidAcme", path("acme"))],
  ["a known provider's value must be an object", ps(P7, {}), ps(P7, "high"), one("invalidOpenai", path(P7))],
  ["providerSettings is an object", { ...base, providerSettings: {} }, { ...base, providerSettings: [] }, one("invalidProviderSettings", "providerSettings")],
  ["P4: maxSequentialImages + referenceImages <= 15", ps(P4, { maxSequentialImages: 13 }, { referenceImages: [UUID, UUID] }), ps(P4, { maxSequentialImages: 14 }, { referenceImages: [UUID, UUID] }), invalid(P4, "maxSequentialImages")],
  ["P4: 15 sequential images need no reference image", ps(P4, { maxSequentialImages: 15 }), ps(P4, { maxSequentialImages: 15 }, { referenceImages: [UUID] }), invalid(P4, "maxSequentialImages")],
];

describe.each([
  ["P1-P4", p1to4Rows],
  ["P5", p5Rows],
  ["P6-P8", p6to8Rows],
  ["objects and cross-root rules", objectRows],
])("providerSettings %s", (_group, rows) => {
  it.each(rows)("%s", (_what, passing, failing, expected) => {
    expect(errorsOf(passing)).toEqual([]);
    expect(errorsOf(failing)).toEqual(expected);
  });
});

describe("providerSettings", () => {
  it("keeps the provider keys in one table", () => {
    expect(PROVIDER_KEYS).toEqual({
      P1: "alibaba",
      P2: "bfl",
      P3: "bria",
      P4: "bytedance",
      P5: "ideogram",
      P6: "midjourney",
      P7: "openai",
      P8: "p8",
    });
  });

  it("accepts every ideogram style preset", () => {
    for (const stylePreset of IDEOGRAM_STYLE_PRESETS) {
      expect(errorsOf(ps(P5, { stylePreset })), stylePreset).toEqual([]);
    }
    expect(IDEOGRAM_STYLE_PRESETS).toHaveLength(62);
  });

  it("fills no defaults: the provider applies its own", () => {
    const out = parseTask(ps(P2, {}));
    if (!out.ok) throw new Error(JSON.stringify(out.errors));
    expect(out.task).toMatchObject({ providerSettings: { [P2]: {} } });
    expect(PROVIDER_DEFAULTS.bfl).toEqual({ promptUpsampling: false, safetyTolerance: 2, raw: false });
    expect(PROVIDER_DEFAULTS.midjourney).toMatchObject({ quality: "1", niji: "close", stylize: 100 });
  });

  it("forwards an unknown provider's object as sent", () => {
    const acme = { model: "x", options: { a: [1, 2] } };
    const out = parseTask(ps("acme", acme));
    if (!out.ok) throw new Error(JSON.stringify(out.errors));
    expect(out.task).toMatchObject({ providerSettings: { acme } });
  });

  it("validates on its own, for a provider-settings form", () => {
    expect(
      providerSettingsSchema.safeParse({ [P5]: { styleCode: "a1b2c3d4", styleType: "AUTO" } }).success,
    ).toBe(false);
    expect(providerSettingsSchema.safeParse({ [P1]: { promptExtend: false }, other: {} }).success).toBe(true);
  });

  it("names both limits in the P4 message", () => {
    const out = parseTask(ps(P4, { maxSequentialImages: 15 }, { referenceImages: [UUID, UUID] }));
    expect(out.ok ? "" : out.errors[0]?.message).toMatch(/at most 13/);
  });
});
