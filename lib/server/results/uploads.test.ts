import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "@/lib/server/db";
import { createTestUser, openTestPglite } from "@/lib/server/db/test-databases";
import { LocalMediaStorage } from "@/lib/server/storage";
import { storeUpload } from "./uploads";

let database: OpenedDatabase;
let storage: LocalMediaStorage;
let ownerId = "";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-"));

beforeAll(async () => {
  database = await openTestPglite();
  ownerId = await createTestUser(database, "uploads");
  storage = new LocalMediaStorage(path.join(dir, "media"));
}, 60_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A picture of noise, so no encoder shrinks it to a few bytes and a cut lands among its pixels. */
async function picture(format: "png" | "jpeg"): Promise<Buffer> {
  const pixels = Buffer.alloc(256 * 256 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width: 256, height: 256, channels: 3 } })
    [format]()
    .toBuffer();
}

describe("storeUpload", () => {
  it.each(["png", "jpeg"] as const)("refuses a %s cut short, saying so", async (format) => {
    const whole = await picture(format);
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    // Its header still reads: only decoding every pixel finds the damage.
    expect((await sharp(cut).metadata()).width).toBe(256);
    const outcome = await storeUpload(database.db, storage, ownerId, cut);
    expect(outcome).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringMatching(/damaged or cut short/),
    });
  });

  it.each(["png", "jpeg"] as const)("keeps a whole %s", async (format) => {
    const outcome = await storeUpload(database.db, storage, ownerId, await picture(format));
    expect(outcome).toMatchObject({ ok: true, upload: { width: 256, height: 256 } });
  });
});
