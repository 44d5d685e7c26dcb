import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "@/lib/platform/net/test-servers";
import { probeVideo, testClip, testTone, toneLevel } from "../render/video/test-support";
import { eventually, type Harness, startHarness, videoTask } from "../test-harness";

/**
 * videoInference through the engine: reference media fetched through the guarded fetcher,
 * probed (a bad one is named), sized from a reference video, a reference video's own sound mixed
 * in, documents read, and the rewritten prompt reported.
 */

let h: Harness;
let media: TestServer;
let clip: Buffer;
let tone: Buffer;
let voiced: Buffer;

beforeAll(async () => {
  [clip, tone, voiced] = await Promise.all([
    testClip(180, 320, 1),
    testTone(1),
    testClip(180, 320, 1, "navy", 3000),
  ]);
  h = await startHarness();
  media = await startServer(async (req, res) => {
    const url = req.url ?? "";
    if (url.startsWith("/clip.mp4")) res.writeHead(200, { "content-type": "video/mp4" }).end(clip);
    else if (url.startsWith("/voiced.mp4")) res.writeHead(200, { "content-type": "video/mp4" }).end(voiced);
    else if (url.startsWith("/tone.wav")) res.writeHead(200, { "content-type": "audio/wav" }).end(tone);
    else if (url.startsWith("/page"))
      res
        .writeHead(200, { "content-type": "text/html" })
        .end(
          "<html><head><title>Harbour Lights Festival</title></head><body><p>Boats and lanterns on the bay.</p></body></html>",
        );
    else res.writeHead(200, { "content-type": "video/mp4" }).end(Buffer.from("this is not a video at all"));
  });
});
afterAll(async () => {
  await h.close();
  await media.close();
  h.cleanup();
});

async function finished(task: Record<string, unknown>) {
  const ack = await h.post([task]);
  expect(ack.status).toBe(200);
  const done = await eventually(async () => {
    const r = await h.post([{ taskType: "getResponse", taskUUID: task.taskUUID }]);
    return r.body.data?.[0]?.status === "processing" ? undefined : r;
  }, 55_000);
  return done.body.data[0];
}

function withMedia(inputs: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const task = videoTask("local:video@3.0-prime", { resolution: "480p", ...extra });
  delete task.width;
  delete task.height;
  task.inputs = inputs;
  return task;
}

// Each case encodes and decodes video with ffmpeg: seconds of CPU, which a machine busy with other
// work stretches past the suite's usual bound.
describe("videoInference with reference media", { timeout: 60_000 }, () => {
  it("fails an undecodable reference video by name", async () => {
    const result = await finished(withMedia({ referenceVideos: [`${media.origin}/garbage.mp4`] }));
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({ code: "invalidMediaInput", parameter: "inputs.referenceVideos.0" });
  });

  it("fails an undecodable reference audio by name", async () => {
    const result = await finished(
      withMedia({ referenceAudios: [`${media.origin}/tone.wav`, `${media.origin}/garbage.mp3`] }),
    );
    expect(result.error).toMatchObject({ code: "invalidMediaInput", parameter: "inputs.referenceAudios.1" });
  });

  it("takes the aspect ratio from a reference video and mixes a reference audio", async () => {
    const result = await finished(
      withMedia(
        { referenceVideos: [`${media.origin}/clip.mp4`], referenceAudios: [`${media.origin}/tone.wav`] },
        { settings: { promptExtend: false } },
      ),
    );
    expect(result.status).toBe("success");
    expect(result.extendedPrompt).toBeUndefined();
    const bytes = Buffer.from(await (await fetch(result.videoURL)).arrayBuffer());
    const p = await probeVideo(bytes);
    expect(p.video).toMatchObject({ width: 480, height: 832 });
    expect(p.audio?.codec).toBe("aac");
  });

  it("mixes a reference video's own sound in, and leaves it out with settings.audio false", async () => {
    const inputs = { referenceVideos: [`${media.origin}/voiced.mp4`] };
    const [heard, muted] = await Promise.all([
      finished(withMedia(inputs)),
      finished(withMedia(inputs, { settings: { audio: false } })),
    ]);
    expect(heard.status).toBe("success");
    expect(muted.status).toBe("success");
    const [a, b] = await Promise.all(
      [heard, muted].map(async (r) => Buffer.from(await (await fetch(r.videoURL)).arrayBuffer())),
    );
    expect(await toneLevel(a as Buffer, 3000)).toBeGreaterThan(0.3);
    expect((await probeVideo(b as Buffer)).audio).toBeUndefined();
  });

  it("reports the extended prompt (default on), different per result, and reads a web page", async () => {
    const task = videoTask("local:video@3.0-prime", {
      positivePrompt: "a harbour with lanterns",
      inputs: { urls: [`${media.origin}/page`] },
      numberResults: 2,
      seed: 99,
      safety: { checkContent: true, mode: "full" },
    });
    await h.post([task]);
    const done = await eventually(async () => {
      const r = await h.post([{ taskType: "getResponse", taskUUID: task.taskUUID }]);
      return r.body.data.every((d: { status: string }) => d.status !== "processing") ? r : undefined;
    }, 55_000);
    const [a, b] = done.body.data;
    expect(a.status).toBe("success");
    expect(a.extendedPrompt).toMatch(/^a harbour with lanterns, /);
    expect(b.extendedPrompt).toMatch(/^a harbour with lanterns, /);
    expect(a.extendedPrompt).not.toBe(b.extendedPrompt);
    expect(a.NSFWContent).toBe(false);
  });
});
