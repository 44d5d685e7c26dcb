import { describe, expect, it } from "vitest";
import { parseTask, VIDEO_ASPECTS, VIDEO_TIERS } from "@/lib/protocol";
import { pickFields } from "./image-fields";
import { buildTask } from "./task-values";
import {
  CONTEXT_KINDS,
  type ContextKind,
  frameSlots,
  modeOf,
  switchContext,
  switchMode,
  type ValuePatch,
  VIDEO_FIELDS,
  VIDEO_MODES,
  type VideoFormValues,
  type VideoMode,
  videoDefaults,
} from "./video-form-values";
import { videoSizeOf } from "./video-size-options";
import { toVideoTask, videoBlockedReason } from "./video-task";

// Not the default model: the form must send the id the server runs, whatever it is.
const MODEL = "acme:video@3.0-prime";
const FIRST = "6a0f3b2e-9c1d-4e8f-a7b6-5c4d3e2f1a0b";
const LAST = "7b1f3b2e-9c1d-4e8f-a7b6-5c4d3e2f1a0c";
const REF_IMAGE = "8c2f3b2e-9c1d-4e8f-a7b6-5c4d3e2f1a0d";
const VIDEO_URL = "https://example.com/clip.mp4";
const AUDIO_URL = "https://example.com/track.mp3";
const DOC_URL = "https://example.com/brief.pdf";
const PAGE_URL = "https://example.com/article";

/** Sets dotted paths as react-hook-form's setValue does. */
function apply(values: VideoFormValues, patch: ValuePatch): VideoFormValues {
  const out = structuredClone(values);
  for (const [path, value] of patch) {
    const parts = path.split(".");
    let node = out as Record<string, unknown>;
    for (const part of parts.slice(0, -1)) {
      node[part] = { ...(node[part] as Record<string, unknown>) };
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1) as string] = value;
  }
  return out;
}

/** What Generate sends: the form's mapping, then only the listed fields, then the studio's keys. */
function taskOf(values: VideoFormValues): Record<string, unknown> {
  return buildTask("videoInference", pickFields(toVideoTask(values, MODEL), VIDEO_FIELDS));
}

function parses(values: VideoFormValues) {
  return parseTask(taskOf(values), { videoModel: MODEL });
}

/** The least each mode needs: a prompt, a first frame, one reference. */
function filledFor(mode: VideoMode): VideoFormValues {
  const start = apply(videoDefaults(MODEL), switchMode(videoDefaults(MODEL), mode));
  if (mode === "text") return apply(start, [["positivePrompt", "a lighthouse at dusk"]]);
  if (mode === "frames") return apply(start, [["inputs.frameImages", [FIRST, ""]]]);
  return apply(start, [["inputs.referenceImages", [REF_IMAGE]]]);
}

function withContext(values: VideoFormValues, kind: ContextKind): VideoFormValues {
  const switched = apply(values, switchContext(kind));
  if (kind === "document") return apply(switched, [["inputs.documents", [DOC_URL]]]);
  if (kind === "url") return apply(switched, [["inputs.urls", [PAGE_URL]]]);
  return switched;
}

const inputsOfTask = (task: Record<string, unknown>) => (task.inputs ?? {}) as Record<string, unknown>;

describe("the video form's defaults", () => {
  it.each(VIDEO_MODES)("%s mode with the least it needs is not blocked and parses", (mode) => {
    const values = filledFor(mode);
    expect(videoBlockedReason(values)).toBeNull();
    const outcome = parses(values);
    expect(outcome.ok ? [] : outcome.errors).toEqual([]);
  });

  it.each(VIDEO_MODES)("%s mode without its input is blocked with a reason", (mode) => {
    const values = apply(videoDefaults(MODEL), switchMode(videoDefaults(MODEL), mode));
    expect(videoBlockedReason(values)).toMatch(/prompt|first frame|reference/);
  });

  it("sends the server's model even when a draft holds another", () => {
    const values = apply(filledFor("text"), [["model", "old:video@1"]]);
    expect(taskOf(values).model).toBe(MODEL);
  });
});

describe("toVideoTask per mode", () => {
  it("text mode sends width and height, never resolution or media", () => {
    const task = taskOf(filledFor("text"));
    expect(task).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
    expect(task).not.toHaveProperty("resolution");
    expect(task).not.toHaveProperty("inputs");
  });

  it("frames mode sends first then last, with resolution and no size", () => {
    const values = apply(filledFor("frames"), [["inputs.frameImages", [FIRST, LAST]]]);
    const task = taskOf(values);
    expect(inputsOfTask(task).frameImages).toEqual([FIRST, LAST]);
    expect(task).toHaveProperty("resolution");
    expect(task).not.toHaveProperty("width");
    expect(task).not.toHaveProperty("height");
    expect(parses(values).ok).toBe(true);
  });

  it("a last frame alone is blocked and the contract names the first-frame rule", () => {
    const values = apply(filledFor("frames"), [["inputs.frameImages", ["", LAST]]]);
    expect(videoBlockedReason(values)).toMatch(/first frame/);
    const outcome = parses(values);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.errors.map((e) => e.code)).toContain("invalidFrameImagesFrame");
  });

  it("references mode sends its lists and resolution, trimmed, and blocks blank entries", () => {
    const values = apply(filledFor("references"), [
      ["inputs.referenceVideos", [` ${VIDEO_URL} `]],
      ["inputs.referenceAudios", [AUDIO_URL]],
    ]);
    const task = taskOf(values);
    expect(inputsOfTask(task)).toEqual({
      referenceImages: [REF_IMAGE],
      referenceVideos: [VIDEO_URL],
      referenceAudios: [AUDIO_URL],
    });
    expect(task).not.toHaveProperty("width");
    expect(parses(values).ok).toBe(true);
    const blank = apply(values, [["inputs.referenceAudios", [AUDIO_URL, ""]]]);
    expect(videoBlockedReason(blank)).toBe("Audio 2 is empty: fill it in or remove it.");
  });

  it("a reference URL the contract refuses is reported on its entry", () => {
    const values = apply(filledFor("references"), [["inputs.referenceVideos", ["not a url"]]]);
    const outcome = parses(values);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.errors[0]?.parameter).toBe("inputs.referenceVideos.0");
  });

  it("leaves the safety mode out when content is not checked", () => {
    const off = taskOf(apply(filledFor("text"), [["safety", { checkContent: false, mode: "full" }]]));
    expect(off.safety).toEqual({ checkContent: false });
    const on = taskOf(apply(filledFor("text"), [["safety", { checkContent: true, mode: "full" }]]));
    expect(on.safety).toEqual({ checkContent: true, mode: "full" });
  });
});

describe("the cross-field rules cannot be broken", () => {
  // Values as a draft or a recall might leave them: every mode's media present at once.
  const everything: VideoFormValues = apply(videoDefaults(MODEL), [
    ["positivePrompt", "a fox"],
    ["inputs.frameImages", [FIRST, LAST]],
    ["inputs.referenceImages", [REF_IMAGE]],
    ["inputs.referenceVideos", [VIDEO_URL]],
    ["inputs.referenceAudios", [AUDIO_URL]],
    ["inputs.documents", [DOC_URL]],
    ["inputs.urls", [PAGE_URL]],
  ]);

  it("never sends frames with references, nor a document with a web page", () => {
    const task = taskOf(everything);
    const inputs = inputsOfTask(task);
    expect(inputs.frameImages).toBeDefined();
    for (const key of ["referenceImages", "referenceVideos", "referenceAudios"])
      expect(inputs).not.toHaveProperty(key);
    expect("documents" in inputs && "urls" in inputs).toBe(false);
    expect(task).not.toHaveProperty("width");
    expect(parses(everything).ok).toBe(true);
  });

  const cases = VIDEO_MODES.flatMap((mode) =>
    CONTEXT_KINDS.flatMap((context) =>
      VIDEO_TIERS.flatMap((tier) => VIDEO_ASPECTS.map((aspect) => ({ mode, context, tier, aspect }))),
    ),
  );

  it.each(cases)(
    "$mode / $context / $tier $aspect parses and keeps every rule",
    ({ mode, context, tier, aspect }) => {
      const size = videoSizeOf(tier, aspect);
      const values = withContext(
        apply(filledFor(mode), [
          ["width", size.width],
          ["height", size.height],
          ["resolution", tier],
        ]),
        context,
      );
      const task = taskOf(values);
      const inputs = inputsOfTask(task);
      const hasFrames = "frameImages" in inputs;
      const hasRefs = ["referenceImages", "referenceVideos", "referenceAudios"].some((k) => k in inputs);
      expect(hasFrames && hasRefs).toBe(false);
      if (hasFrames || hasRefs) {
        expect(task).not.toHaveProperty("width");
        expect(task).not.toHaveProperty("height");
        expect(task.resolution).toBe(tier);
      } else {
        expect(task).toMatchObject({ width: size.width, height: size.height });
        expect(task).not.toHaveProperty("resolution");
      }
      expect("documents" in inputs && "urls" in inputs).toBe(false);
      expect(videoBlockedReason(values)).toBeNull();
      const outcome = parses(values);
      expect(outcome.ok ? [] : outcome.errors).toEqual([]);
    },
  );

  it.each(cases)(
    "$mode / $context / $tier $aspect maps the same when mapped twice",
    ({ mode, context, tier, aspect }) => {
      // The resolver hands Generate the mapped values, which are then mapped again before sending.
      const size = videoSizeOf(tier, aspect);
      const values = withContext(
        apply(filledFor(mode), [
          ["width", size.width],
          ["height", size.height],
        ]),
        context,
      );
      const once = toVideoTask(values, MODEL);
      expect(toVideoTask(once, MODEL)).toEqual(once);
    },
  );

  it("switching mode clears the other modes' inputs", () => {
    const toText = apply(everything, switchMode(everything, "text"));
    expect(modeOf(toText)).toBe("text");
    expect(inputsOfTask(taskOf(toText))).not.toHaveProperty("frameImages");
    const toRefs = apply(everything, switchMode(everything, "references"));
    expect(modeOf(toRefs)).toBe("references");
    expect(frameSlots((toRefs.inputs as Record<string, unknown>).frameImages)).toEqual({});
    const toFrames = apply(everything, switchMode(everything, "frames"));
    expect((toFrames.inputs as Record<string, unknown>).referenceVideos).toEqual([]);
  });

  it("a chosen document or page with nothing entered blocks Generate", () => {
    expect(videoBlockedReason(apply(filledFor("text"), switchContext("document")))).toMatch(/document/);
    expect(videoBlockedReason(apply(filledFor("text"), switchContext("url")))).toMatch(/web page/);
  });

  it("a size outside the table blocks Generate", () => {
    expect(videoBlockedReason(apply(filledFor("text"), [["width", 1000]]))).toMatch(
      /not an allowed video size/,
    );
  });
});

describe("recalled frame images", () => {
  it("reads explicit positions as the contract does", () => {
    expect(frameSlots([{ image: LAST, frame: "last" }, FIRST])).toEqual({ first: FIRST, last: LAST });
    expect(frameSlots([FIRST])).toEqual({ first: FIRST });
    expect(frameSlots([{ image: FIRST, frame: 0 }])).toEqual({ first: FIRST });
  });

  it("a recalled frames task opens in Frames mode and is sent as first then last", () => {
    const values = {
      ...videoDefaults(MODEL),
      inputs: { frameImages: [{ image: LAST, frame: "-1" }, { image: FIRST }] },
    };
    expect(modeOf(values)).toBe("frames");
    expect(inputsOfTask(taskOf(values)).frameImages).toEqual([FIRST, LAST]);
  });
});
