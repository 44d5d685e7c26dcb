/**
 * The words a person reads for each field of a task. The contract's messages name fields by their
 * wire path ('positivePrompt', 'lora.0.weight'); shown on the form they speak in the labels the
 * form uses instead ("Prompt", "LoRA 1 weight").
 */
import { BLANK_PROMPT } from "@/lib/protocol/blank-prompt";
import { providerForm } from "./provider-fields";

/** Top-level fields, as the forms label them. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  model: "Model",
  positivePrompt: "Prompt",
  negativePrompt: "Negative prompt",
  promptWeighting: "Prompt weighting",
  seedImage: "Source image",
  maskImage: "Mask",
  maskMargin: "Mask margin",
  strength: "Strength",
  referenceImages: "Reference images",
  outpaint: "Extension",
  width: "Width",
  height: "Height",
  resolution: "Resolution",
  vae: "VAE",
  steps: "Steps",
  scheduler: "Scheduler",
  seed: "Seed",
  CFGScale: "Guidance (CFG)",
  clipSkip: "CLIP skip",
  numberResults: "Images",
  outputType: "Output type",
  outputFormat: "Format",
  outputQuality: "Quality",
  acceleration: "Acceleration preset",
  acceleratorOptions: "Acceleration",
  advancedFeatures: "Advanced features",
  puLID: "PuLID",
  acePlusPlus: "ACE++",
  refiner: "Refiner",
  providerSettings: "Provider settings",
  safety: "Safety",
  ttl: "URL lifetime",
  includeCost: "Report cost",
  uploadEndpoint: "Upload endpoint",
  webhookURL: "Webhook address",
  deliveryMethod: "Delivery",
  duration: "Duration",
  settings: "Settings",
  inputs: "Inputs",
  frameImages: "Frames",
  referenceVideos: "Reference videos",
  referenceAudios: "Reference audios",
  documents: "Document",
  urls: "Web page",
  extraJson: "Raw JSON",
};

/** Lists whose items the forms number from one: `lora.0` is "LoRA 1". */
const ITEM_NOUNS: Readonly<Record<string, string>> = {
  lora: "LoRA",
  embeddings: "Embedding",
  controlNet: "ControlNet",
  ipAdapters: "IP-adapter",
  referenceImages: "Reference image",
  frameImages: "Frame",
  referenceVideos: "Reference video",
  referenceAudios: "Reference audio",
  inputImages: "Image",
  styleReferenceImages: "Style reference image",
};

/** Inner fields whose words are not the plain reading of their name. */
const INNER_LABELS: Readonly<Record<string, string>> = {
  guideImage: "guide image",
  CFGStartStep: "true CFG start step",
  idWeight: "identity weight",
  trueCFGScale: "true CFG scale",
  layerDiffuse: "transparency (LayerDiffuse)",
  hiresfix: "high-resolution fix",
  checkContent: "content check",
};

/** "teaCacheDistance" → "tea cache distance", "CFGStartStep" → "CFG start step". */
export function humanizeKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(" ")
    .map((word) => (/^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(" ");
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function innerWords(key: string): string {
  return INNER_LABELS[key] ?? FIELD_LABELS[key]?.toLowerCase() ?? humanizeKey(key);
}

/** The words for a field's wire path: "steps" → "Steps", "lora.1.weight" → "LoRA 2 weight". */
export function labelOf(path: string): string {
  const parts = path.split(".").filter(Boolean);
  const [root, ...rest] = parts;
  if (root === undefined) return "The task";
  // The video request's media sit in `inputs`; the form shows them as fields of their own.
  if (root === "inputs" && rest.length > 0) return labelOf(rest.join("."));
  if (root === "providerSettings" && rest[0] !== undefined) {
    const provider = providerForm(rest[0]);
    const name = provider?.label ?? rest[0];
    const field = rest[1];
    if (field === undefined) return `${name} settings`;
    const label = provider?.fields.find((f) => f.name === field)?.label;
    return [`${name}: ${label ?? capitalize(humanizeKey(field))}`, ...rest.slice(2).map(innerWords)].join(
      " ",
    );
  }
  const words: string[] = [];
  for (const [i, part] of parts.entries()) {
    const next = parts[i + 1];
    if (/^\d+$/.test(part)) continue;
    const noun = ITEM_NOUNS[part];
    if (noun && next !== undefined && /^\d+$/.test(next)) words.push(`${noun} ${Number(next) + 1}`);
    else if (i === 0) words.push(FIELD_LABELS[part] ?? capitalize(humanizeKey(part)));
    else words.push(innerWords(part));
  }
  return capitalize(words.join(" "));
}

/** A quoted wire path inside a contract message: `'lora.0.weight'`. */
const QUOTED_PATH = /'([A-Za-z_$][\w$]*(?:\.[\w$]+)*)'/g;

/**
 * A contract message in a person's words: "Invalid value for 'steps': must be at most 100" becomes
 * "Steps: must be at most 100", every other quoted field path its label, the no-prompt token "No
 * prompt". The meaning is kept; only names change.
 */
export function inWords(message: string): string {
  const led = /^(?:Invalid value for|Invalid type for) '([^']+)': (.*)$/s.exec(message);
  const text = led && isKnownPath(led[1] ?? "") ? `${labelOf(led[1] ?? "")}: ${led[2] ?? ""}` : message;
  return text
    .replace(QUOTED_PATH, (quoted, path: string) => (isKnownPath(path) ? labelOf(path) : quoted))
    .replaceAll(BLANK_PROMPT, '"No prompt"');
}

/** A path the forms have a label for; any other (a key typed as raw JSON) keeps its own name. */
export function isKnownPath(path: string): boolean {
  const root = path.split(".")[0] ?? "";
  return root in FIELD_LABELS || root in ITEM_NOUNS;
}

/**
 * A contract message shown under the field it names: the field's label is right above, so the
 * leading "Steps:" goes ("Must be at most 100 (got 500)."); other names still become labels.
 */
export function onFieldWords(message: string): string {
  const led = /^(?:Invalid value for|Invalid type for) '[^']+': (.*)$/s.exec(message);
  return led ? capitalize(inWords(led[1] ?? "")) : inWords(message);
}
