import { describe, expect, it } from "vitest";
import { editModelOf } from "@/lib/protocol/image-edit-models";
import { imageInferenceSchema } from "@/lib/protocol/image-inference";
import { COMMON_IMAGE_FIELDS, pickFields } from "./image-fields";
import { recallValues } from "./recall";
import { workflowOf } from "./recall-links";
import {
  imageToImageBlocked,
  imageToImageTask,
  START_FROM_FIELD,
  startFromOf,
  tierFor,
  tierOptions,
  tierWords,
} from "./reference-images";
import { errorTree } from "./task-resolver";
import { buildTask } from "./task-values";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const FIELDS = ["seedImage", "strength", ...COMMON_IMAGE_FIELDS];
const form = {
  model: "runware:106@1",
  positivePrompt: "put the hat on the dog",
  width: 1024,
  height: 1024,
  numberResults: 1,
  seedImage: A,
  strength: 0.6,
  referenceImages: [A, B],
  resolution: "2k",
};

const taskOf = (values: Record<string, unknown>) =>
  buildTask("imageInference", pickFields(imageToImageTask(values), FIELDS), { taskUUID: A });

describe("image to image: what the form starts from", () => {
  it("sends the references and the tier, never the source image, when it starts from references", () => {
    const task = taskOf({ ...form, [START_FROM_FIELD]: "references" });
    expect(task).toMatchObject({ referenceImages: [A, B], resolution: "2k", width: 1024, height: 1024 });
    expect(task).not.toHaveProperty("seedImage");
    expect(task).not.toHaveProperty("strength");
    expect(task).not.toHaveProperty(START_FROM_FIELD);
  });

  it("sends the source image and strength, never references or a tier, when it starts from a source", () => {
    const task = taskOf({ ...form, [START_FROM_FIELD]: "source" });
    expect(task).toMatchObject({ seedImage: A, strength: 0.6 });
    expect(task).not.toHaveProperty("referenceImages");
    expect(task).not.toHaveProperty("resolution");
  });

  it("keeps ACE++'s reference with a source image", () => {
    const task = taskOf({
      ...form,
      [START_FROM_FIELD]: "source",
      referenceImages: [B],
      acePlusPlus: { type: "subject" },
    });
    expect(task).toMatchObject({ seedImage: A, referenceImages: [B] });
    expect(task).not.toHaveProperty("resolution");
  });

  it("sends the default tier when none was picked, and the task passes the contract's parser", () => {
    const { resolution: _r, seedImage: _s, ...rest } = form;
    const task = taskOf({ ...rest, [START_FROM_FIELD]: "references" });
    expect(task.resolution).toBe("1k");
    expect(imageInferenceSchema.safeParse(task).success).toBe(true);
  });

  it("says why Generate waits, in words", () => {
    const refs = { ...form, [START_FROM_FIELD]: "references" };
    expect(imageToImageBlocked({ ...refs, referenceImages: undefined })).toBe(
      "Add a reference image to start from.",
    );
    expect(imageToImageBlocked({ ...refs, model: "runware:100@1" })).toMatch(/takes no reference images/);
    expect(imageToImageBlocked({ ...refs, resolution: "4k" })).toMatch(/does not make 4k/);
    expect(imageToImageBlocked(refs)).toBeNull();
    expect(imageToImageBlocked({ [START_FROM_FIELD]: "source" })).toBe("Add a source image to start from.");
  });
});

describe("resolution tiers in words", () => {
  it("offers only the tiers the model makes", () => {
    expect(tierWords("1k")).toBe("1k · about 1 megapixel");
    expect(tierWords("2k")).toBe("2k · about 4 megapixels");
    const dev = tierOptions(editModelOf("runware:106@1"));
    expect(dev.map((o) => [o.value, o.enabled])).toEqual([
      ["1k", true],
      ["2k", true],
      ["4k", false],
    ]);
    expect(tierOptions(editModelOf("bfl:3@1")).every((o) => o.enabled)).toBe(true);
    expect(tierOptions(undefined).some((o) => o.enabled)).toBe(false);
    const dev2 = editModelOf("runware:106@1");
    if (!dev2) throw new Error("no edit model");
    expect(tierFor(dev2, "4k")).toBe("2k");
    expect(tierFor(dev2, "1k")).toBe("1k");
  });
});

describe("recall of an edit", () => {
  const sent = {
    taskType: "imageInference",
    taskUUID: A,
    model: "runware:106@1",
    positivePrompt: "put the hat on the dog",
    width: 1024,
    height: 1024,
    referenceImages: [A, B],
    resolution: "2k",
  };

  it("opens image to image with the references and the tier, starting from references", () => {
    expect(workflowOf(sent)).toBe("image-to-image");
    expect(workflowOf({ ...sent, acePlusPlus: { type: "subject" }, referenceImages: [A] })).toBe(
      "text-to-image",
    );
    const values = pickFields(recallValues(sent, "all"), FIELDS);
    expect(values).toMatchObject({ referenceImages: [A, B], resolution: "2k", model: "runware:106@1" });
    expect(startFromOf(values)).toBe("references");
    expect(taskOf(values)).toMatchObject({ referenceImages: [A, B], resolution: "2k" });
  });

  it("takes the tier with the size", () => {
    expect(recallValues(sent, "size")).toEqual({ width: 1024, height: 1024, resolution: "2k" });
  });

  it("starts a source-image task from its source", () => {
    const { referenceImages: _r, resolution: _t, ...plain } = sent;
    expect(startFromOf(recallValues({ ...plain, seedImage: A }, "all"))).toBe("source");
  });
});

describe("the service's refusals land on the fields they name", () => {
  it("puts a refused model's references on the reference images, and a refused tier on the resolution", () => {
    const { tree, unplaced } = errorTree(
      [
        {
          code: "unsupportedReferenceImages",
          parameter: "referenceImages",
          message:
            "Model runware:100@1 does not take 'referenceImages': use an edit model (FLUX.1 Kontext [dev] (runware:106@1)), or remove referenceImages.",
        },
        {
          code: "unsupportedResolution",
          parameter: "resolution",
          message:
            "FLUX.1 Kontext [dev] (runware:106@1) renders resolution 1k, 2k, not '4k': choose one of those.",
        },
      ],
      FIELDS,
    );
    expect(unplaced).toEqual([]);
    const at = (name: string) => (tree[name] as { message: string }).message;
    expect(at("referenceImages")).toContain("Reference images");
    expect(at("referenceImages")).not.toContain("'referenceImages'");
    expect(at("resolution")).toContain("not '4k'");
  });
});
