/**
 * P5's form (`providerSettings.ideogram`), the largest provider object: rendering and prompt
 * controls, styles, a colour palette and character references.
 */
import {
  IDEOGRAM_MAGIC_PROMPTS,
  IDEOGRAM_RENDERING_SPEEDS,
  IDEOGRAM_STYLE_PRESETS,
  IDEOGRAM_STYLE_TYPES,
  PROVIDER_DEFAULTS,
  PROVIDER_KEYS,
  PROVIDER_LIMITS,
} from "@/lib/protocol/provider-settings";
import { type ProviderForm, THREE_ONLY } from "./provider-field-kinds";

const P5 = PROVIDER_KEYS.P5;
const D = PROVIDER_DEFAULTS;
const L = PROVIDER_LIMITS;

export const IDEOGRAM_FORM: ProviderForm = {
  code: "P5",
  key: P5,
  label: "Ideogram",
  about: "Rendering speed, styles, colour palettes and character references.",
  fields: [
    {
      kind: "select",
      name: "renderingSpeed",
      label: "Rendering speed",
      hint: `QUALITY: ${THREE_ONLY}`,
      options: IDEOGRAM_RENDERING_SPEEDS,
      fallback: D[P5].renderingSpeed,
    },
    {
      kind: "select",
      name: "magicPrompt",
      label: "Magic prompt",
      options: IDEOGRAM_MAGIC_PROMPTS,
      fallback: D[P5].magicPrompt,
    },
    {
      kind: "select",
      name: "styleType",
      label: "Style type",
      hint: "RENDER_3D and ANIME are for older generations. Not with a style code.",
      options: IDEOGRAM_STYLE_TYPES,
      fallback: D[P5].styleType,
    },
    {
      kind: "select",
      name: "stylePreset",
      label: "Style preset",
      hint: THREE_ONLY,
      options: IDEOGRAM_STYLE_PRESETS,
      humanize: true,
    },
    {
      kind: "text",
      name: "styleCode",
      label: "Style code",
      hint: "8 hexadecimal characters; some 3.0-generation models. Not with a style type or reference images.",
      placeholder: "8 hex characters",
    },
    {
      kind: "images",
      name: "styleReferenceImages",
      label: "Style reference images",
      max: L[P5].styleReferenceImages.max,
    },
    {
      kind: "integer",
      name: "remixStrength",
      label: "Remix strength",
      min: L[P5].remixStrength.min,
      max: L[P5].remixStrength.max,
      fallback: D[P5].remixStrength,
    },
    {
      kind: "colorPalette",
      name: "colorPalette",
      label: "Colour palette",
      hint: "2.0-generation models only.",
    },
    {
      kind: "images",
      name: "characterReferenceImages",
      label: "Character reference",
      hint: THREE_ONLY,
      max: L[P5].characterReferenceImages.max,
    },
    {
      kind: "images",
      name: "characterReferenceImagesMask",
      label: "Character reference mask",
      hint: "Optional; one mask per character reference image.",
      max: L[P5].characterReferenceImages.max,
    },
  ],
};
