import "server-only";
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EventLog } from "./test-support";
import type { WireTask } from "./wire";
import { type ServiceDouble as Double, pngDataUri, ServiceDouble } from "./ws-double";
import { WS_DEFAULTS, type WsOptions } from "./ws-options";
import { UpstreamSession } from "./ws-session";

/**
 * A service that closes the socket with 1009 (Message Too Big) on a message over its limit, run
 * through fake time: a refused message is never sent again as it was, large inline images go as
 * uploads, and a task whose image the service will not take ends with one error that says so.
 */

const CONFIG = { httpUrl: "http://service.test/v1", wsUrl: "ws://service.test/v1", apiKey: "k" };
const KB = 1024;
const MB = 1024 * KB;

let session: UpstreamSession | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  await session?.close();
  session = undefined;
  vi.useRealTimers();
});

function start(double: Double, ws: Partial<WsOptions> = {}) {
  session = new UpstreamSession(
    CONFIG,
    { ...WS_DEFAULTS, ...ws },
    { random: () => 0.5, openSocket: double.openSocket },
  );
  const log = new EventLog();
  session.onMessage(log.listener);
  return { session, log };
}

const image = (extra: Record<string, unknown> = {}): WireTask => ({
  taskType: "imageInference",
  taskUUID: randomUUID(),
  positivePrompt: "a lighthouse on a cliff at dusk",
  model: "runware:100@1",
  width: 512,
  height: 512,
  ...extra,
});

/** What the log holds for one task: its results and errors. */
function outcome(log: EventLog, task: WireTask) {
  const mine = log.events.filter((e) => e.type !== "connection" && e.taskUUID === task.taskUUID);
  return {
    images: mine.filter((e) => e.type === "item" && e.item.kind === "image").length,
    errors: mine.flatMap((e) => (e.type === "error" ? [e.error] : [])),
  };
}

describe("a message the service refuses for its size", () => {
  it("is not sent again as it was: the task ends with one error naming its image (the upload refused too)", async () => {
    // 512 KB inline: under the 1 MiB for which images go as uploads at once, over the service's limit.
    const double = new ServiceDouble({ maxMessage: 256 * KB });
    const { session, log } = start(double);
    const seedImage = pngDataUri(512 * KB);
    const task = image({ seedImage });
    const other = image();
    const sent = [session.send([task]), session.send([other])];
    await vi.advanceTimersByTimeAsync(110_000);
    await Promise.all(sent);
    // Once inline, once as an upload: both refused, never again (before: resent on every reconnect).
    expect(double.framesWith(String(task.taskUUID))).toHaveLength(1);
    expect(double.framesWith(seedImage.slice(-64))).toHaveLength(2);
    expect(double.closes).toEqual([1009, 1009]);
    expect(double.opened.length).toBe(3);
    expect(outcome(log, task)).toEqual({
      images: 0,
      errors: [
        expect.objectContaining({
          code: "payloadTooLarge",
          parameter: "seedImage",
          taskUUID: task.taskUUID,
          taskType: "imageInference",
          message: expect.stringMatching(/too large for the media service/),
        }),
      ],
    });
    // The other task went through meanwhile; the upload's own events reached no listener.
    expect(outcome(log, other)).toEqual({ images: 1, errors: [] });
    expect(log.events.filter((e) => e.type === "item" && e.item.kind === "other")).toEqual([]);
  });

  it("goes through once its image is uploaded apart, carrying the upload's UUID", async () => {
    const double = new ServiceDouble({ maxMessage: 256 * KB, maxUpload: 2 * MB, lagMs: 700 });
    const { session, log } = start(double);
    const task = image({ seedImage: pngDataUri(512 * KB), maskImage: pngDataUri(300 * KB) });
    const sent = session.send([task]);
    await vi.advanceTimersByTimeAsync(60_000);
    await sent;
    expect(outcome(log, task)).toEqual({ images: 1, errors: [] });
    expect(double.closes).toEqual([1009]);
    const received = double.inferences.get(String(task.taskUUID));
    expect(double.uploads.has(String(received?.seedImage))).toBe(true);
    expect(double.uploads.has(String(received?.maskImage))).toBe(true);
  });

  it("caught while still being written, is taken out all the same", async () => {
    const double = new ServiceDouble({ maxMessage: 256 * KB, maxUpload: 2 * MB, writeMs: 50 });
    const { session, log } = start(double);
    const task = image({ seedImage: pngDataUri(512 * KB) });
    const sent = session.send([task]);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(sent).resolves.toBeUndefined();
    expect(double.framesWith(String(task.taskUUID))).toHaveLength(2); // inline, then with the UUID
    expect(outcome(log, task)).toEqual({ images: 1, errors: [] });
  });

  it("of several tasks is split: each goes alone, and the one too large goes through by upload", async () => {
    const double = new ServiceDouble({ maxMessage: 256 * KB, maxUpload: 2 * MB });
    const { session, log } = start(double);
    const small = image();
    const big = image({ seedImage: pngDataUri(400 * KB) });
    const sent = session.send([small, big]);
    await vi.advanceTimersByTimeAsync(60_000);
    await sent;
    expect(outcome(log, small)).toEqual({ images: 1, errors: [] });
    expect(outcome(log, big)).toEqual({ images: 1, errors: [] });
    expect(double.closes).toEqual([1009, 1009]);
  });

  it("with no image to upload ends its task with one error saying it is too large", async () => {
    const double = new ServiceDouble({ maxMessage: 2 * KB });
    const { session, log } = start(double);
    const task = image({ positivePrompt: "a lighthouse ".repeat(230) });
    const sent = session.send([task]);
    await vi.advanceTimersByTimeAsync(110_000);
    await sent;
    expect(double.framesWith(String(task.taskUUID))).toHaveLength(1);
    expect(outcome(log, task).errors).toEqual([
      expect.objectContaining({ code: "payloadTooLarge", parameter: "positivePrompt" }),
    ]);
  });
});

describe("large inline images", () => {
  it("go as uploads before their task, which never carries them", async () => {
    const double = new ServiceDouble({ maxMessage: 256 * KB, maxUpload: 16 * MB });
    const { session, log } = start(double);
    const seedImage = pngDataUri(8 * MB);
    const task = image({ seedImage, controlNet: [{ model: "m", guideImage: pngDataUri(1.5 * MB) }] });
    const sent = session.send([task]);
    await vi.advanceTimersByTimeAsync(60_000);
    await sent;
    expect(double.closes).toEqual([]);
    expect(outcome(log, task)).toEqual({ images: 1, errors: [] });
    const [frame] = double.framesWith(String(task.taskUUID));
    expect(frame?.text.length).toBeLessThan(2 * KB);
    const received = double.inferences.get(String(task.taskUUID)) as { controlNet: { guideImage: string }[] };
    expect(double.uploads.get(String(received.controlNet[0]?.guideImage))).toBeGreaterThan(MB);
  });

  it("an 8 MB image the service refuses even as an upload: one error naming seedImage, sent once", async () => {
    const double = new ServiceDouble({ maxMessage: 4 * MB });
    const { session, log } = start(double);
    const seedImage = pngDataUri(8 * MB);
    const task = image({ seedImage });
    const sent = session.send([task]);
    await vi.advanceTimersByTimeAsync(110_000);
    await sent;
    expect(double.framesWith(seedImage.slice(-64))).toHaveLength(1);
    expect(double.framesWith(String(task.taskUUID))).toEqual([]);
    expect(double.opened.length).toBe(2);
    const { errors, images } = outcome(log, task);
    expect(images).toBe(0);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: "payloadTooLarge", parameter: "seedImage" });
    expect(errors[0]?.message).toMatch(
      /image in seedImage \(8\.0 MB as sent\) is too large for the media service/,
    );
    expect(errors[0]?.code).not.toBe("taskNotFound");
  });

  it("a deadline passing before the upload is written: the task is not sent, and never later", async () => {
    const double = new ServiceDouble({ lagMs: 30_000 }); // the socket takes 30 s to open
    const { session } = start(double);
    const task = image({ seedImage: pngDataUri(2 * MB) });
    const deadline = new AbortController();
    setTimeout(() => deadline.abort(), 5_000);
    const sent = session.send([task], deadline.signal);
    const settled = expect(sent).rejects.toMatchObject({ code: "serviceUnavailable" });
    await vi.advanceTimersByTimeAsync(120_000);
    await settled;
    expect(double.framesWith("imageUpload")).toEqual([]);
    expect(double.framesWith(String(task.taskUUID))).toEqual([]);
  });
});

describe("an upload whose answer is lost with its socket", () => {
  it("is sent again under a new UUID when the service starts a new session, and its task goes through", async () => {
    const double = new ServiceDouble({
      newSessions: true,
      dropAfter: (text) => text.includes('"imageUpload"'),
    });
    const { session, log } = start(double);
    const task = image({ seedImage: pngDataUri(2 * MB) });
    const sent = session.send([task]);
    await vi.advanceTimersByTimeAsync(60_000);
    await sent;
    // The service took the first upload; its answer went with the socket, and the new session will
    // not deliver it (sent again as it was, it would be answered conflictTaskUUID): a new one goes.
    const uploads = double.framesWith('"imageUpload"').map((f) => JSON.parse(f.text)[0].taskUUID);
    expect(new Set(uploads).size).toBe(2);
    expect(log.events.filter((e) => e.type === "error")).toEqual([]);
    expect(outcome(log, task)).toEqual({ images: 1, errors: [] });
    const received = double.inferences.get(String(task.taskUUID));
    expect(double.uploads.has(String(received?.seedImage))).toBe(true);
  });
});
