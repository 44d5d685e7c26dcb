import { describe, expect, it } from "vitest";
import { pictureUploadSettled, trackPictureUpload } from "./picture-upload";

function held() {
  let settle: (fail?: boolean) => void = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    settle = (fail) => (fail ? reject(new Error("refused")) : resolve());
  });
  return { promise, settle };
}

/** Whether `promise` has settled once everything already due has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return done;
}

describe("the canvas's picture on its way", () => {
  it("is nothing to wait for when no picture was chosen", async () => {
    expect(await settled(pictureUploadSettled())).toBe(true);
  });

  it("is waited for until it lands", async () => {
    const upload = held();
    trackPictureUpload(upload.promise);
    const waiting = pictureUploadSettled();
    expect(await settled(waiting)).toBe(false);
    upload.settle();
    expect(await settled(waiting)).toBe(true);
    expect(await settled(pictureUploadSettled())).toBe(true);
  });

  it("ends the wait when it is refused, without failing the wait", async () => {
    const upload = held();
    trackPictureUpload(upload.promise);
    const waiting = pictureUploadSettled();
    upload.settle(true);
    await expect(waiting).resolves.toBeUndefined();
  });

  it("waits for a picture chosen while an earlier one was on its way", async () => {
    const first = held();
    const second = held();
    trackPictureUpload(first.promise);
    const waiting = pictureUploadSettled();
    trackPictureUpload(second.promise);
    first.settle();
    expect(await settled(waiting)).toBe(false);
    second.settle();
    expect(await settled(waiting)).toBe(true);
  });
});
