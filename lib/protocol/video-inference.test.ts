import { describe, expect, it } from "vitest";
import { parseTask } from "./envelope";
import {
  DEFAULT_VIDEO_MODEL,
  type FrameImageItem,
  frameImagePositions,
  VIDEO_DEFAULTS,
} from "./video-inference";

/** A 1x1 PNG: a valid image input in every slot that takes one. */
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const MEDIA_UUID = "6a0f3b2e-9c1d-4e8f-a7b6-5c4d3e2f1a0b";
const VIDEO_URL = "https://example.com/clip.mp4";
const AUDIO_URL = "https://example.com/track.mp3";
const DOC_URL = "https://example.com/brief.pdf";
const PAGE_URL = "https://example.com/article";

type Task = Record<string, unknown>;
const base: Task = {
  taskType: "videoInference",
  taskUUID: "3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f607",
  model: DEFAULT_VIDEO_MODEL,
  positivePrompt: "a cat surfing",
  width: 832,
  height: 480,
};
const withPatch = (patch: Task): Task => ({ ...base, ...patch });
const without = (...keys: string[]): Task =>
  Object.fromEntries(Object.entries(base).filter(([k]) => !keys.includes(k)));
/** A media-driven task: no width/height, the given inputs. */
const withMedia = (inputs: Task, patch: Task = {}): Task => ({
  ...without("width", "height"),
  inputs,
  ...patch,
});
const times = <T>(n: number, item: T): T[] => Array.from({ length: n }, () => item);

type Pair = [code: string, parameter: string];
function errorsOf(task: Task): Pair[] {
  const out = parseTask(task, { videoModel: DEFAULT_VIDEO_MODEL });
  return out.ok ? [] : out.errors.map((e): Pair => [e.code, e.parameter ?? ""]);
}

/** [what, a passing task, a failing task, the failing task's exact errors]. */
type Row = [string, Task, Task, Pair[]];
const one = (code: string, parameter: string): Pair[] => [[code, parameter]];

// biome-ignore format: one row per case reads as a table
const fieldRows: Row[] = [
  ["taskUUID is a UUID v4", base, withPatch({ taskUUID: "123" }), one("invalidTaskUUID", "taskUUID")],
  ["taskUUID is required", base, without("taskUUID"), one("missingTaskUUID", "taskUUID")],
  ["model is the configured id", base, withPatch({ model: "runware:100@1" }), one("invalidModel", "model")],
  ["model is required", base, without("model"), one("missingModel", "model")],
  ["positivePrompt min 2", withPatch({ positivePrompt: "ab" }), withPatch({ positivePrompt: "a" }), one("invalidPositivePrompt", "positivePrompt")],
  ["positivePrompt max 20000", withPatch({ positivePrompt: "a".repeat(20000) }), withPatch({ positivePrompt: "a".repeat(20001) }), one("invalidPositivePrompt", "positivePrompt")],
  ["width is an integer", base, withPatch({ width: 832.5 }), one("invalidWidth", "width")],
  ["height is an integer", base, withPatch({ height: "480" }), one("invalidHeight", "height")],
  ["resolution 480p", withMedia({ referenceImages: [PNG] }, { resolution: "480p" }), withMedia({ referenceImages: [PNG] }, { resolution: "4k" }), one("invalidResolution", "resolution")],
  ["resolution 720p", withMedia({ referenceImages: [PNG] }, { resolution: "720p" }), withMedia({ referenceImages: [PNG] }, { resolution: "720" }), one("invalidResolution", "resolution")],
  ["resolution 1080p", withMedia({ referenceImages: [PNG] }, { resolution: "1080p" }), withMedia({ referenceImages: [PNG] }, { resolution: 1080 }), one("invalidResolution", "resolution")],
  ["duration min 2", withPatch({ duration: 2 }), withPatch({ duration: 1 }), one("invalidDuration", "duration")],
  ["duration max 30", withPatch({ duration: 30 }), withPatch({ duration: 31 }), one("invalidDuration", "duration")],
  ["duration auto", withPatch({ duration: "auto" }), withPatch({ duration: "long" }), one("invalidDuration", "duration")],
  ["duration is an integer", withPatch({ duration: 5 }), withPatch({ duration: 2.5 }), one("invalidDuration", "duration")],
  ["seed min 0", withPatch({ seed: 0 }), withPatch({ seed: -1 }), one("invalidSeed", "seed")],
  ["seed max 2147483647", withPatch({ seed: 2147483647 }), withPatch({ seed: 2147483648 }), one("invalidSeed", "seed")],
  ["settings.audio", withPatch({ settings: { audio: false } }), withPatch({ settings: { audio: "no" } }), one("invalidSettingsAudio", "settings.audio")],
  ["settings.promptExtend", withPatch({ settings: { promptExtend: false } }), withPatch({ settings: { promptExtend: 1 } }), one("invalidSettingsPromptExtend", "settings.promptExtend")],
  ["webhookURL is http(s)", withPatch({ webhookURL: "https://hooks.example.com/v?token=x" }), withPatch({ webhookURL: "ftp://example.com" }), one("invalidWebhookURL", "webhookURL")],
  ["includeCost is boolean", withPatch({ includeCost: true }), withPatch({ includeCost: "true" }), one("invalidIncludeCost", "includeCost")],
  ["numberResults min 1", withPatch({ numberResults: 1 }), withPatch({ numberResults: 0 }), one("invalidNumberResults", "numberResults")],
  ["numberResults max 4", withPatch({ numberResults: 4 }), withPatch({ numberResults: 5 }), one("invalidNumberResults", "numberResults")],
  ["uploadEndpoint is http(s)", withPatch({ uploadEndpoint: "https://bucket.example.com/put?sig=1" }), withPatch({ uploadEndpoint: "bucket" }), one("invalidUploadEndpoint", "uploadEndpoint")],
  ["ttl min 60", withPatch({ ttl: 60 }), withPatch({ ttl: 59 }), one("invalidTtl", "ttl")],
  ["outputType only URL", withPatch({ outputType: "URL" }), withPatch({ outputType: "base64Data" }), one("invalidOutputType", "outputType")],
  ["outputFormat MP4", withPatch({ outputFormat: "MP4" }), withPatch({ outputFormat: "GIF" }), one("invalidOutputFormat", "outputFormat")],
  ["outputFormat WEBM", withPatch({ outputFormat: "WEBM" }), withPatch({ outputFormat: "webm" }), one("invalidOutputFormat", "outputFormat")],
  ["outputFormat MOV", withPatch({ outputFormat: "MOV" }), withPatch({ outputFormat: "AVI" }), one("invalidOutputFormat", "outputFormat")],
  ["outputQuality min 20", withPatch({ outputQuality: 20 }), withPatch({ outputQuality: 19 }), one("invalidOutputQuality", "outputQuality")],
  ["outputQuality max 99", withPatch({ outputQuality: 99 }), withPatch({ outputQuality: 100 }), one("invalidOutputQuality", "outputQuality")],
  ["deliveryMethod only async", withPatch({ deliveryMethod: "async" }), withPatch({ deliveryMethod: "sync" }), one("invalidDeliveryMethod", "deliveryMethod")],
  ["safety.checkContent", withPatch({ safety: { checkContent: true } }), withPatch({ safety: { checkContent: "yes" } }), one("invalidSafetyCheckContent", "safety.checkContent")],
  ["safety.mode fast", withPatch({ safety: { mode: "fast" } }), withPatch({ safety: { mode: "quick" } }), one("invalidSafetyMode", "safety.mode")],
  ["safety.mode full", withPatch({ safety: { checkContent: true, mode: "full" } }), withPatch({ safety: { mode: "all" } }), one("invalidSafetyMode", "safety.mode")],
];

// biome-ignore format: one row per case reads as a table
const unknownRows: Row[] = [
  ["on the task", base, withPatch({ fps: 24 }), one("unknownParameter", "fps")],
  ["on inputs", withMedia({ referenceImages: [PNG] }), withMedia({ referenceImage: [PNG] }), one("unknownParameter", "inputs.referenceImage")],
  ["on settings", withPatch({ settings: { audio: true, promptExtend: true } }), withPatch({ settings: { music: true } }), one("unknownParameter", "settings.music")],
  ["on safety", withPatch({ safety: { checkContent: true, mode: "fast" } }), withPatch({ safety: { level: 2 } }), one("unknownParameter", "safety.level")],
  ["on a frame-image object", withMedia({ frameImages: [{ image: PNG, frame: "first" }] }), withMedia({ frameImages: [{ image: PNG, weight: 1 }] }), one("unknownParameter", "inputs.frameImages.0.weight")],
];

// biome-ignore format: one row per case reads as a table
const arrayRows: Row[] = [
  ["referenceImages max 10", withMedia({ referenceImages: times(10, PNG) }), withMedia({ referenceImages: times(11, PNG) }), one("invalidReferenceImages", "inputs.referenceImages")],
  ["referenceImages min 1", withMedia({ referenceImages: [MEDIA_UUID] }), withMedia({ referenceImages: [] }), one("invalidReferenceImages", "inputs.referenceImages")],
  ["referenceImages items are image inputs", withMedia({ referenceImages: [`data:image/png;base64,${PNG}`] }), withMedia({ referenceImages: ["cat.png"] }), one("invalidReferenceImages", "inputs.referenceImages.0")],
  ["frameImages max 2", withMedia({ frameImages: times(2, PNG) }), withMedia({ frameImages: times(3, PNG) }), one("invalidFrameImages", "inputs.frameImages")],
  ["frameImages min 1", withMedia({ frameImages: [PNG] }), withMedia({ frameImages: [] }), one("invalidFrameImages", "inputs.frameImages")],
  ["frameImages items are image inputs", withMedia({ frameImages: [{ image: MEDIA_UUID }] }), withMedia({ frameImages: ["not an image"] }), one("invalidFrameImages", "inputs.frameImages.0")],
  ["frame-image object needs image", withMedia({ frameImages: [{ image: PNG }] }), withMedia({ frameImages: [{ frame: "first" }] }), one("missingFrameImagesImage", "inputs.frameImages.0.image")],
  ["frame enum", withMedia({ frameImages: [{ image: PNG, frame: "0" }] }), withMedia({ frameImages: [{ image: PNG, frame: "middle" }] }), one("invalidFrameImagesFrame", "inputs.frameImages.0.frame")],
  ["frame integers 0/-1", withMedia({ frameImages: [{ image: PNG, frame: 0 }, { image: PNG, frame: -1 }] }), withMedia({ frameImages: [{ image: PNG, frame: 1 }] }), one("invalidFrameImagesFrame", "inputs.frameImages.0.frame")],
  ["referenceVideos max 5", withMedia({ referenceVideos: times(5, VIDEO_URL) }), withMedia({ referenceVideos: times(6, VIDEO_URL) }), one("invalidReferenceVideos", "inputs.referenceVideos")],
  ["referenceVideos min 1", withMedia({ referenceVideos: [MEDIA_UUID] }), withMedia({ referenceVideos: [] }), one("invalidReferenceVideos", "inputs.referenceVideos")],
  ["referenceVideos items are uuid or url", withMedia({ referenceVideos: [VIDEO_URL] }), withMedia({ referenceVideos: [PNG] }), one("invalidReferenceVideos", "inputs.referenceVideos.0")],
  ["referenceAudios max 5", withMedia({ referenceAudios: times(5, AUDIO_URL) }), withMedia({ referenceAudios: times(6, AUDIO_URL) }), one("invalidReferenceAudios", "inputs.referenceAudios")],
  ["referenceAudios min 1", withMedia({ referenceAudios: [MEDIA_UUID] }), withMedia({ referenceAudios: [] }), one("invalidReferenceAudios", "inputs.referenceAudios")],
  ["referenceAudios items are uuid or url", withMedia({ referenceAudios: [AUDIO_URL] }), withMedia({ referenceAudios: ["track.mp3"] }), one("invalidReferenceAudios", "inputs.referenceAudios.0")],
  ["documents exactly 1 (max)", withPatch({ inputs: { documents: [DOC_URL] } }), withPatch({ inputs: { documents: [DOC_URL, MEDIA_UUID] } }), one("invalidDocuments", "inputs.documents")],
  ["documents exactly 1 (min)", withPatch({ inputs: { documents: [MEDIA_UUID] } }), withPatch({ inputs: { documents: [] } }), one("invalidDocuments", "inputs.documents")],
  ["urls exactly 1 (max)", withPatch({ inputs: { urls: [PAGE_URL] } }), withPatch({ inputs: { urls: [PAGE_URL, PAGE_URL] } }), one("invalidUrls", "inputs.urls")],
  ["urls exactly 1 (min)", withPatch({ inputs: { urls: [PAGE_URL] } }), withPatch({ inputs: { urls: [] } }), one("invalidUrls", "inputs.urls")],
  ["urls are http(s)", withPatch({ inputs: { urls: ["http://example.com/"] } }), withPatch({ inputs: { urls: [MEDIA_UUID] } }), one("invalidUrls", "inputs.urls.0")],
];

const F = (frame?: unknown) => (frame === undefined ? { image: PNG } : { image: PNG, frame });

// biome-ignore format: one row per case reads as a table
const ruleRows: Row[] = [
  ["1: width without height", base, without("height"), one("missingHeight", "height")],
  ["1: height without width", base, without("width"), one("missingWidth", "width")],
  ["2: width with frameImages", withMedia({ frameImages: [PNG] }), withMedia({ frameImages: [PNG] }, { width: 832 }), one("conflictWidthFrameImages", "width")],
  ["2: height with referenceImages", withMedia({ referenceImages: [PNG] }), withMedia({ referenceImages: [PNG] }, { height: 480 }), one("conflictHeightReferenceImages", "height")],
  ["2: both with referenceVideos", withMedia({ referenceVideos: [VIDEO_URL] }), withMedia({ referenceVideos: [VIDEO_URL] }, { width: 832, height: 480 }), [["conflictWidthReferenceVideos", "width"], ["conflictHeightReferenceVideos", "height"]]],
  ["2: width with referenceAudios", withMedia({ referenceAudios: [AUDIO_URL] }), withMedia({ referenceAudios: [AUDIO_URL] }, { width: 832 }), one("conflictWidthReferenceAudios", "width")],
  ["3: size required without media", base, without("width", "height"), [["missingWidth", "width"], ["missingHeight", "height"]]],
  ["3: documents are not media for the size", withPatch({ inputs: { documents: [DOC_URL] } }), { ...without("width", "height"), inputs: { documents: [DOC_URL] } }, [["missingWidth", "width"], ["missingHeight", "height"]]],
  ["3: prompt required without media", { ...without("width", "height", "positivePrompt"), inputs: { frameImages: [PNG] } }, without("positivePrompt"), one("missingPositivePrompt", "positivePrompt")],
  ["3: prompt required with only a webpage", withPatch({ inputs: { urls: [PAGE_URL] } }), { ...without("positivePrompt"), inputs: { urls: [PAGE_URL] } }, one("missingPositivePrompt", "positivePrompt")],
  ["4: frameImages with referenceImages", withMedia({ referenceImages: [PNG], referenceVideos: [VIDEO_URL], referenceAudios: [AUDIO_URL] }), withMedia({ frameImages: [PNG], referenceImages: [PNG] }), one("conflictFrameImagesReferenceImages", "inputs.referenceImages")],
  ["4: frameImages with referenceVideos", withMedia({ frameImages: [PNG] }), withMedia({ frameImages: [PNG], referenceVideos: [VIDEO_URL] }), one("conflictFrameImagesReferenceVideos", "inputs.referenceVideos")],
  ["4: frameImages with referenceAudios", withMedia({ frameImages: [PNG] }), withMedia({ frameImages: [PNG], referenceAudios: [AUDIO_URL] }), one("conflictFrameImagesReferenceAudios", "inputs.referenceAudios")],
  ["5+2: resolution with width and media", withMedia({ frameImages: [PNG] }, { resolution: "720p" }), withMedia({ frameImages: [PNG] }, { resolution: "720p", width: 1280 }), [["conflictWidthFrameImages", "width"], ["conflictResolutionWidth", "resolution"]]],
  ["5+6: resolution with width and height", base, withPatch({ resolution: "480p" }), [["conflictResolutionWidth", "resolution"], ["conflictResolutionHeight", "resolution"], ["unsupportedResolution", "resolution"]]],
  ["6: resolution without media", withMedia({ referenceAudios: [AUDIO_URL] }, { resolution: "1080p" }), { ...without("width", "height"), inputs: { urls: [PAGE_URL] }, resolution: "1080p" }, [["missingWidth", "width"], ["missingHeight", "height"], ["unsupportedResolution", "resolution"]]],
  ["7: documents and urls", withPatch({ inputs: { documents: [DOC_URL] } }), withPatch({ inputs: { documents: [DOC_URL], urls: [PAGE_URL] } }), one("conflictDocumentsUrls", "inputs.urls")],
  ["8: one image marked last", withMedia({ frameImages: [F("first")] }), withMedia({ frameImages: [F("last")] }), one("invalidFrameImagesFrame", "inputs.frameImages.0.frame")],
  ["8: one image marked -1", withMedia({ frameImages: [F(0)] }), withMedia({ frameImages: [F(-1)] }), one("invalidFrameImagesFrame", "inputs.frameImages.0.frame")],
  ["8: two images both last", withMedia({ frameImages: [F("last"), PNG] }), withMedia({ frameImages: [F("last"), F("-1")] }), one("invalidFrameImagesFrame", "inputs.frameImages.1.frame")],
  ["8: two images both first", withMedia({ frameImages: [PNG, F("first")] }), withMedia({ frameImages: [F("first"), F("first")] }), one("conflictFrameImagesFrame", "inputs.frameImages.1.frame")],
  ["8: 0 and first are the same frame", withMedia({ frameImages: [F("0"), F("last")] }), withMedia({ frameImages: [F("0"), F("first")] }), one("conflictFrameImagesFrame", "inputs.frameImages.1.frame")],
];

describe.each([
  ["field bounds and enums", fieldRows],
  ["unknown properties", unknownRows],
  ["array limits", arrayRows],
  ["cross-field rules", ruleRows],
])("videoInference %s", (_group, rows) => {
  it.each(rows)("%s", (_what, passing, failing, expected) => {
    expect(errorsOf(passing)).toEqual([]);
    expect(errorsOf(failing)).toEqual(expected);
  });
});

describe("videoInference messages and output", () => {
  it("names the expected model id", () => {
    const out = parseTask(withPatch({ model: "runware:100@1" }), { videoModel: DEFAULT_VIDEO_MODEL });
    expect(out.ok ? "" : out.errors[0]?.message).toContain(DEFAULT_VIDEO_MODEL);
  });

  it("follows the configured model", () => {
    const other = "acme:video@3.0-prime";
    expect(parseTask(withPatch({ model: other }), { videoModel: other }).ok).toBe(true);
    expect(parseTask(base, { videoModel: other }).ok).toBe(false);
  });

  it("lists the allowed pairs for an unsupported size", () => {
    const out = parseTask(withPatch({ width: 1024, height: 576 }), { videoModel: DEFAULT_VIDEO_MODEL });
    if (out.ok) throw new Error("expected a failure");
    expect(out.errors.map((e) => [e.code, e.parameter])).toEqual([["unsupportedDimensions", "width"]]);
    expect(out.errors[0]?.message).toContain("1920x1080");
  });

  it("stamps errors with the task's identity", () => {
    const out = parseTask(without("height"), { videoModel: DEFAULT_VIDEO_MODEL });
    expect(out.ok ? null : out.errors[0]).toMatchObject({
      taskType: "videoInference",
      taskUUID: base.taskUUID,
    });
  });

  it("does not fill defaults: the engine applies VIDEO_DEFAULTS", () => {
    const out = parseTask(withMedia({ frameImages: [PNG] }), { videoModel: DEFAULT_VIDEO_MODEL });
    if (!out.ok) throw new Error(JSON.stringify(out.errors));
    expect(out.task).not.toHaveProperty("resolution");
    expect(out.task).not.toHaveProperty("duration");
    expect(VIDEO_DEFAULTS).toMatchObject({ resolution: "1080p", duration: "auto", outputFormat: "MP4" });
  });
});

describe("frameImagePositions (rule 8)", () => {
  const cases: [string, FrameImageItem[], ("first" | "last")[]][] = [
    ["nothing", [], []],
    ["one image is the first frame", [PNG], ["first"]],
    ["one object without frame is first", [{ image: PNG }], ["first"]],
    ["two images are first and last", [PNG, PNG], ["first", "last"]],
    ["explicit last then plain", [{ image: PNG, frame: "last" }, PNG], ["last", "first"]],
    ["plain then explicit first", [PNG, { image: PNG, frame: "first" }], ["last", "first"]],
    [
      "string indices",
      [
        { image: PNG, frame: "-1" },
        { image: PNG, frame: "0" },
      ],
      ["last", "first"],
    ],
    [
      "integer indices",
      [
        { image: PNG, frame: 0 },
        { image: PNG, frame: -1 },
      ],
      ["first", "last"],
    ],
    [
      "invalid pairs are returned as given",
      [
        { image: PNG, frame: "first" },
        { image: PNG, frame: 0 },
      ],
      ["first", "first"],
    ],
  ];
  it.each(cases)("%s", (_what, items, positions) => {
    expect(frameImagePositions(items)).toEqual(positions);
  });
});
