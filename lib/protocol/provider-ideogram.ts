/**
 * P5's provider object (`providerSettings.ideogram`): rendering, prompt and style controls, a
 * color palette (name or members, weights descending) and character references with masks.
 * `styleCode` also excludes the task's `referenceImages`: checked in `provider-settings.ts`.
 */
import { z } from "zod";
import { codeForPath } from "./issues";
import { imageInput, intIn, numberIn } from "./primitives";
import { PROVIDER_KEYS, PROVIDER_LIMITS } from "./provider-keys";
import { conflictCode, objectRules } from "./rule-helpers";

export const IDEOGRAM_RENDERING_SPEEDS = ["TURBO", "DEFAULT", "QUALITY"] as const;
export const IDEOGRAM_MAGIC_PROMPTS = ["AUTO", "ON", "OFF"] as const;
/** 3.0 generation: the first five; older generations also RENDER_3D and ANIME (model support: engine). */
export const IDEOGRAM_STYLE_TYPES = [
  "AUTO",
  "GENERAL",
  "REALISTIC",
  "DESIGN",
  "FICTION",
  "RENDER_3D",
  "ANIME",
] as const;
export const IDEOGRAM_COLOR_PALETTES = [
  "EMBER",
  "FRESH",
  "JUNGLE",
  "MAGIC",
  "MELON",
  "MOSAIC",
  "PASTEL",
  "ULTRAMARINE",
] as const;
// biome-ignore format: the contract's list, kept compact
export const IDEOGRAM_STYLE_PRESETS = [
  "80S_ILLUSTRATION", "90S_NOSTALGIA", "ABSTRACT_ORGANIC", "ANALOG_NOSTALGIA", "ART_BRUT", "ART_DECO",
  "ART_POSTER", "AURA", "AVANT_GARDE", "BAUHAUS", "BLUEPRINT", "BLURRY_MOTION", "BRIGHT_ART", "C4D_CARTOON",
  "CHILDRENS_BOOK", "COLLAGE", "COLORING_BOOK_I", "COLORING_BOOK_II", "CUBISM", "DARK_AURA", "DOODLE",
  "DOUBLE_EXPOSURE", "DRAMATIC_CINEMA", "EDITORIAL", "EMOTIONAL_MINIMAL", "ETHEREAL_PARTY", "EXPIRED_FILM",
  "FLAT_ART", "FLAT_VECTOR", "FOREST_REVERIE", "GEO_MINIMALIST", "GLASS_PRISM", "GOLDEN_HOUR", "GRAFFITI_I",
  "GRAFFITI_II", "HALFTONE_PRINT", "HIGH_CONTRAST", "HIPPIE_ERA", "ICONIC", "JAPANDI_FUSION", "JAZZY",
  "LONG_EXPOSURE", "MAGAZINE_EDITORIAL", "MINIMAL_ILLUSTRATION", "MIXED_MEDIA", "MONOCHROME", "NIGHTLIFE",
  "OIL_PAINTING", "OLD_CARTOONS", "PAINT_GESTURE", "POP_ART", "RETRO_ETCHING", "RIVIERA_POP", "SPOTLIGHT_80S",
  "STYLIZED_RED", "SURREAL_COLLAGE", "TRAVEL_POSTER", "VINTAGE_GEO", "VINTAGE_POSTER", "WATERCOLOR", "WEIRD",
  "WOODBLOCK_PRINT",
] as const;

const ig = PROVIDER_LIMITS.ideogram;
const P5 = PROVIDER_KEYS.P5;

const colorMember = z.strictObject({
  /** `#abc` or `#aabbcc`. */
  colorHex: z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: "expected #rgb or #rrggbb" }),
  colorWeight: numberIn(ig.colorWeight.min, ig.colorWeight.max).optional(),
});

/** 2.0 generation only: a named palette or explicit members, weights in descending order. */
const colorPaletteFields = z.strictObject({
  name: z.enum(IDEOGRAM_COLOR_PALETTES).optional(),
  members: z.array(colorMember).min(1).optional(),
});
export const ideogramColorPaletteSchema = colorPaletteFields.superRefine(
  ...objectRules<z.output<typeof colorPaletteFields>>((p, add) => {
    if (p.name !== undefined && p.members !== undefined) {
      add(
        conflictCode("name", "members"),
        ["members"],
        "colorPalette takes 'name' or 'members', not both.",
        "undefined",
      );
    } else if (p.name === undefined && p.members === undefined) {
      add(
        codeForPath("invalid", [P5, "colorPalette"]),
        [],
        `colorPalette needs 'name' (${IDEOGRAM_COLOR_PALETTES.join(", ")}) or 'members' (an array of { colorHex, colorWeight }).`,
        "object",
      );
    }
    let previous: number | undefined;
    p.members?.forEach((m, i) => {
      if (m.colorWeight === undefined) return;
      if (previous !== undefined && m.colorWeight > previous) {
        add(
          "invalidMembersColorWeight",
          ["members", i, "colorWeight"],
          `colorPalette members must be in descending order of colorWeight: member ${i} (${m.colorWeight}) weighs more than the one before it (${previous}).`,
          "number",
        );
      }
      previous = m.colorWeight;
    });
  }),
);

const ideogramFields = z.strictObject({
  renderingSpeed: z.enum(IDEOGRAM_RENDERING_SPEEDS).optional(),
  magicPrompt: z.enum(IDEOGRAM_MAGIC_PROMPTS).optional(),
  styleType: z.enum(IDEOGRAM_STYLE_TYPES).optional(),
  styleReferenceImages: z
    .array(imageInput)
    .min(ig.styleReferenceImages.min)
    .max(ig.styleReferenceImages.max)
    .optional(),
  remixStrength: intIn(ig.remixStrength.min, ig.remixStrength.max).optional(),
  stylePreset: z.enum(IDEOGRAM_STYLE_PRESETS).optional(),
  /** Only some 3.0 models; excludes `styleType` and the task's `referenceImages`. */
  styleCode: z
    .string()
    .regex(/^[0-9a-fA-F]{8}$/, { message: "expected 8 hexadecimal characters" })
    .optional(),
  colorPalette: ideogramColorPaletteSchema.optional(),
  characterReferenceImages: z
    .array(imageInput)
    .min(ig.characterReferenceImages.min)
    .max(ig.characterReferenceImages.max)
    .optional(),
  characterReferenceImagesMask: z
    .array(imageInput)
    .min(ig.characterReferenceImages.min)
    .max(ig.characterReferenceImages.max)
    .optional(),
});
export const ideogramSettingsSchema = ideogramFields.superRefine(
  ...objectRules<z.output<typeof ideogramFields>>((s, add) => {
    if (s.styleCode !== undefined && s.styleType !== undefined) {
      add(
        conflictCode("styleCode", "styleType"),
        ["styleType"],
        "'styleCode' cannot be combined with 'styleType': remove one of them.",
        "undefined",
      );
    }
    const masks = s.characterReferenceImagesMask?.length;
    const images = s.characterReferenceImages?.length ?? 0;
    if (masks !== undefined && masks !== images) {
      add(
        codeForPath("invalid", [P5, "characterReferenceImagesMask"]),
        ["characterReferenceImagesMask"],
        `'characterReferenceImagesMask' must have one mask per character reference image (${images} given, ${masks} masks).`,
        "array",
      );
    }
  }),
);
