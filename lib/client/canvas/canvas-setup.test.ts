import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { settingsFromSetup, settingsToValues, setupNotice } from "./canvas-setup";
import { DEFAULT_SETTINGS } from "./canvas-store";

const mine = { ...DEFAULT_SETTINGS, prompt: "my own prompt", steps: 40 };

describe("a setup opened on the canvas", () => {
  it("the canvas's own setup opens as it was shared, over 200 random settings", () => {
    const settings = fc.record({
      prompt: fc.string({ minLength: 2, maxLength: 30 }),
      negativePrompt: fc.string({ maxLength: 30 }),
      model: fc.constantFrom("runware:101@1", "civitai:4384@128713"),
      strength: fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
      numberResults: fc.integer({ min: 1, max: 8 }),
      maskMargin: fc.option(fc.integer({ min: 32, max: 128 }), { nil: null }),
      outpaintBlur: fc.integer({ min: 0, max: 32 }),
      seed: fc.option(fc.integer({ min: 1, max: 2 ** 32 }), { nil: undefined }),
      steps: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
      CFGScale: fc.option(
        fc.integer({ min: 0, max: 100 }).map((n) => n / 2),
        { nil: undefined },
      ),
      scheduler: fc.option(fc.constantFrom("Euler", "UniPC"), { nil: undefined }),
      clipSkip: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(settings, (shared) => {
        // Through JSON, as the studio keeps a setup.
        const values = JSON.parse(JSON.stringify(settingsToValues(shared)));
        const opened = settingsFromSetup(values, mine);
        expect(opened.dropped).toEqual([]);
        // What the sharer left at the model's own is the model's own for the opener too.
        expect(JSON.parse(JSON.stringify(opened.settings))).toEqual(JSON.parse(JSON.stringify(shared)));
      }),
      { numRuns: 200 },
    );
  });

  it("another member's setup with fields the canvas does not know names each one left out", () => {
    const values = {
      positivePrompt: "a harbour at dawn",
      model: "runware:101@1",
      steps: 28,
      seedImage: "3f1c9a1e-0000-4000-8000-000000000000",
      maskImage: "data:image/png;base64,AAAA",
      lora: [{ model: "civitai:1@1", weight: 0.7 }],
      outpaint: { top: 64, right: 0, bottom: 0, left: 0, blur: 8 },
      CFGScale: 400,
      // Blank or off in the form it came from: nothing to say.
      negativePrompt: "",
      refiner: undefined,
      checkNSFW: false,
      extraJson: "",
    };
    const opened = settingsFromSetup(values, mine);
    expect(opened.settings).toMatchObject({
      prompt: "a harbour at dawn",
      steps: 28,
      outpaintBlur: 8,
      CFGScale: undefined,
    });
    expect(opened.dropped).toEqual(
      ["Extension", "Guidance (CFG)", "LoRAs", "Mask", "Source image"].sort((a, b) => a.localeCompare(b)),
    );
    const notice = setupNotice("Ada", opened.dropped);
    expect(notice).toContain("Ada's setup is open without");
    expect(notice).toContain("Source image");
    expect(notice).not.toMatch(/seedImage|maskImage|CFGScale|lora\b/);
  });

  it("a setup that is not a form's values leaves the settings as they were", () => {
    expect(settingsFromSetup(["x"], mine)).toEqual({ settings: mine, dropped: ["the whole setup"] });
    expect(setupNotice(null, ["the whole setup"])).toBe(
      "The shared setup could not be read; the canvas kept your settings.",
    );
    expect(setupNotice("Ada", [])).toBeNull();
  });
});
