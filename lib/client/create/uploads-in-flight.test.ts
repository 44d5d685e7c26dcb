import { describe, expect, it } from "vitest";
import { imageUploadsSettled, trackImageUpload } from "./uploads-in-flight";

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

describe("images on their way to the studio", () => {
  it("are nothing to wait for when none was chosen", async () => {
    expect(await settled(imageUploadsSettled())).toBe(true);
  });

  it("are waited for until each has landed", async () => {
    const source = held();
    const mask = held();
    trackImageUpload(source.promise);
    trackImageUpload(mask.promise);
    const waiting = imageUploadsSettled();
    source.settle();
    expect(await settled(waiting)).toBe(false);
    mask.settle();
    expect(await settled(waiting)).toBe(true);
    expect(await settled(imageUploadsSettled())).toBe(true);
  });

  it("end the wait when refused, without failing it", async () => {
    const upload = held();
    trackImageUpload(upload.promise);
    const waiting = imageUploadsSettled();
    upload.settle(true);
    await expect(waiting).resolves.toBeUndefined();
  });

  it("include an image chosen while an earlier one was on its way", async () => {
    const first = held();
    const second = held();
    trackImageUpload(first.promise);
    const waiting = imageUploadsSettled();
    trackImageUpload(second.promise);
    first.settle();
    expect(await settled(waiting)).toBe(false);
    second.settle();
    expect(await settled(waiting)).toBe(true);
  });
});
