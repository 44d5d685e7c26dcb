import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as published from "@/lib/server/spend/service-prices";
import * as engine from "./pricing";

// The studio admits tasks against budgets on its copy of the service's published prices; the
// built-in engine must charge exactly that, or a budget would admit what it then overruns.
describe("the engine's prices", () => {
  it("are the studio's copy of the published table", () => {
    expect(engine.IMAGE_PRICE_PER_MEGAPIXEL_AT_20_STEPS).toBe(
      published.IMAGE_PRICE_PER_MEGAPIXEL_AT_20_STEPS,
    );
    expect(engine.IMAGE_MIN_PRICE).toBe(published.IMAGE_MIN_PRICE);
    expect(engine.VIDEO_PRICE_PER_SECOND).toEqual(published.VIDEO_PRICE_PER_SECOND);
    expect(engine.VIDEO_AUDIO_SURCHARGE).toBe(published.VIDEO_AUDIO_SURCHARGE);
    expect(engine.controlNetPreprocessCost()).toBe(published.CONTROLNET_PREPROCESS_PRICE);
    expect(engine.promptEnhanceCost()).toBe(published.PROMPT_ENHANCE_PRICE);
  });

  it("charge what the studio estimates for any image or video size", () => {
    const side = fc.integer({ min: 64, max: 4096 });
    fc.assert(
      fc.property(side, side, fc.integer({ min: 1, max: 100 }), (width, height, steps) => {
        expect(engine.imageCost(width, height, steps)).toBe(published.imagePrice(width, height, steps));
      }),
    );
    fc.assert(
      fc.property(
        side,
        side,
        fc.integer({ min: 1, max: 20 }),
        fc.boolean(),
        (width, height, seconds, audio) => {
          expect(engine.videoTierOf(width, height)).toBe(published.videoTier(width, height));
          expect(engine.videoCost(width, height, seconds, audio)).toBe(
            published.videoPrice(width, height, seconds, audio),
          );
        },
      ),
    );
  });
});
