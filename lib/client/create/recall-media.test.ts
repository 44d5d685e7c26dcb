import { describe, expect, it } from "vitest";
import { mediaLabel, recallNotice, restoreMedia } from "./recall-media";

const SEED = "0b7f8e0e-2d2a-4a9b-8a4e-0c6d9a1b2c3d";
const GUIDE = "5e0a3a55-1b0c-4c52-9f4b-7a2b3c4d5e6f";
const MASK_URI = "data:image/png;base64,iVBORw0KGgo=";
const inline = (storageKey?: string) => ({
  $inline: { mime: "image/png", bytes: 8, sha256: "ab", ...(storageKey ? { storageKey } : {}) },
});

function deps(
  known: string[] = [SEED, GUIDE],
  stored: Record<string, string> = { "inputs/ab.png": MASK_URI },
) {
  const asked: string[] = [];
  return {
    asked,
    inline: async (key: string) => {
      asked.push(key);
      const uri = stored[key];
      if (!uri) throw new Error("gone");
      return uri;
    },
    image: async (id: string) => {
      asked.push(id);
      return known.includes(id);
    },
  };
}

describe("restoreMedia", () => {
  it("turns a stored inline mask back into the data URI that was sent", async () => {
    const params = {
      taskUUID: "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d",
      seedImage: SEED,
      maskImage: inline("inputs/ab.png"),
    };
    const d = deps();
    const restored = await restoreMedia(params, d);
    expect(restored.params.maskImage).toBe(MASK_URI);
    expect(restored.params.seedImage).toBe(SEED);
    expect(restored.lost).toEqual([]);
    // The task's own id is not media; the original params are left as they were.
    expect(d.asked).not.toContain(params.taskUUID);
    expect(params.maskImage).toEqual(inline("inputs/ab.png"));
  });

  it("names each medium it could not restore, in the order of the task", async () => {
    const params = {
      maskImage: inline(),
      controlNet: [{ guideImage: GUIDE }, { guideImage: "f47ac10b-58cc-4372-a567-0e02b2c3d479" }],
    };
    const restored = await restoreMedia(params, deps());
    expect(restored.params.maskImage).toBeUndefined();
    expect(restored.lost).toEqual([
      "the mask: its file is no longer kept",
      "the guide image of ControlNet unit 2: the studio does not have it",
    ]);
  });

  it("leaves typed references to the service alone", async () => {
    const other = "f47ac10b-58cc-4372-a567-0e02b2c3d479";
    const params = { inputs: { referenceVideos: [other], documents: [other], frameImages: [SEED] } };
    const d = deps();
    const restored = await restoreMedia(params, d);
    expect(d.asked).toEqual([SEED]);
    expect(restored.lost).toEqual([]);
  });

  it("looks every medium up at once", async () => {
    let open = 0;
    let most = 0;
    const slow = {
      inline: async () => MASK_URI,
      image: async () => {
        open++;
        most = Math.max(most, open);
        await new Promise((r) => setTimeout(r, 5));
        open--;
        return true;
      },
    };
    await restoreMedia({ controlNet: [{ guideImage: SEED }, { guideImage: GUIDE }], seedImage: SEED }, slow);
    expect(most).toBe(3);
  });
});

describe("mediaLabel and recallNotice", () => {
  it("name media as the form does", () => {
    expect(mediaLabel(["inputs", "frameImages", 1])).toBe("the last frame");
    expect(mediaLabel(["inputs", "frameImages", 0], { inputs: { frameImages: [{ frame: "last" }] } })).toBe(
      "the last frame",
    );
    expect(mediaLabel(["inputs", "referenceImages", 2])).toBe("reference image 3");
    expect(recallNotice("all", [])).toBe("Filled in from a past task.");
    expect(recallNotice("all", ["the mask: its file is no longer kept"])).toBe(
      "Filled in from a past task, except the mask: its file is no longer kept.",
    );
  });
});
