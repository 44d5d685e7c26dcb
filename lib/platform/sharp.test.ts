import { describe, expect, it } from "vitest";
import sharp from "./sharp";

describe("the studio's sharp", () => {
  it("keeps no operation, pixels or file in libvips' cache after an image's work is done", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    await sharp(png).resize(32).webp().toBuffer();
    const stats = sharp.cache();
    expect(stats.items).toEqual({ current: 0, max: 0 });
    expect(stats.memory.max).toBe(0);
    expect(stats.files.max).toBe(0);
  });
});
