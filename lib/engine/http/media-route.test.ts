import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../shared/clock";
import { GENERATED_TTL_MS } from "../store/media-store";
import { type Harness, imageTask, startHarness } from "../test-harness";
import { parseRange } from "./media-route";

const clock = manualClock(Date.UTC(2030, 0, 1));
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ clock });
});
afterAll(async () => {
  await h.close();
  h.cleanup();
});

async function generate(extra: Record<string, unknown> = {}): Promise<{ url: string; bytes: Buffer }> {
  const res = await h.post([imageTask({ outputFormat: "PNG", width: 256, height: 256, ...extra })]);
  const url: string = res.body.data[0].imageURL;
  return { url, bytes: Buffer.from(await (await fetch(url)).arrayBuffer()) };
}

describe("media serving", () => {
  it("serves Content-Type, Content-Length, ETag and Cache-Control until expiry; 304 on a matching ETag", async () => {
    const { url, bytes } = await generate();
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("cache-control")).toBe(`public, max-age=${GENERATED_TTL_MS / 1000}, immutable`);
    const etag = res.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f-]{36}"$/);
    const again = await fetch(url, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBe(bytes.length);
  });

  it("answers byte ranges with 206 and unsatisfiable ones with 416", async () => {
    const { url, bytes } = await generate();
    const first = await fetch(url, { headers: { range: "bytes=0-9" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-9/${bytes.length}`);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(bytes.subarray(0, 10));
    const tail = await fetch(url, { headers: { range: "bytes=-5" } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 5));
    const open = await fetch(url, { headers: { range: `bytes=${bytes.length - 3}-` } });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 3));
    const beyond = await fetch(url, { headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
    const stale = await fetch(url, { headers: { range: "bytes=0-9", "if-range": '"other"' } });
    expect(stale.status).toBe(200);
  });

  it("parses ranges", () => {
    expect(parseRange("bytes=0-0", 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange("bytes=5-100", 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange("bytes=-0", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=3-2", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,4-5", 10)).toBeNull();
    expect(parseRange("items=0-1", 10)).toBeNull();
  });

  it("404 for unknown media or the wrong extension", async () => {
    expect((await fetch(`${h.url}/media/${randomUUID()}.png`)).status).toBe(404);
    const { url } = await generate();
    expect((await fetch(url.replace(/\.png$/, ".jpg"))).status).toBe(404);
  });

  it("URL media expire after ttl (404), the default 24 h otherwise", async () => {
    const short = await generate({ ttl: 60 });
    const long = await generate();
    expect((await fetch(short.url)).headers.get("cache-control")).toBe("public, max-age=60, immutable");
    clock.advance(61_000);
    expect((await fetch(short.url)).status).toBe(404);
    expect((await fetch(long.url)).status).toBe(200);
    clock.advance(GENERATED_TTL_MS);
    expect((await fetch(long.url)).status).toBe(404);
    expect(h.engine.media.sweep()).toBeGreaterThanOrEqual(2);
  });

  it("task records expire: getResponse answers taskExpired", async () => {
    const task = imageTask({ deliveryMethod: "async" });
    await h.post([task]);
    clock.advance(25 * 60 * 60 * 1000);
    const res = await h.post([{ taskType: "getResponse", taskUUID: task.taskUUID }]);
    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe("taskExpired");
  });
});

describe("media URLs with a capability (the engine mounted in the studio)", () => {
  let capable: Harness;
  const capableClock = manualClock(Date.UTC(2030, 0, 1));
  beforeAll(async () => {
    capable = await startHarness({ clock: capableClock, mediaLinkKey: Buffer.alloc(32, 7) });
  });
  afterAll(async () => {
    await capable.close();
    capable.cleanup();
  });

  it("serves a result only by its URL: the UUID alone, or another file's capability, is 404", async () => {
    const res = await capable.post([imageTask({ outputFormat: "PNG", width: 256, height: 256, ttl: 60 })]);
    const { imageURL, imageUUID } = res.body.data[0] as { imageURL: string; imageUUID: string };
    expect(imageURL).toMatch(new RegExp(`^${capable.url}/media/[A-Za-z0-9_-]{43}/${imageUUID}\\.png$`));
    expect((await fetch(imageURL)).status).toBe(200);
    expect((await fetch(`${capable.url}/media/${imageUUID}.png`)).status).toBe(404);
    const other = await capable.post([imageTask({ outputFormat: "PNG", width: 256, height: 256 })]);
    const otherCapability = (other.body.data[0].imageURL as string).split("/").at(-2);
    expect((await fetch(`${capable.url}/media/${otherCapability}/${imageUUID}.png`)).status).toBe(404);
    expect((await fetch(`${capable.url}/media/${"A".repeat(43)}/${imageUUID}.png`)).status).toBe(404);
    // Polled later, the same URL; and it still expires by ttl.
    const polled = await capable.post([{ taskType: "getResponse", taskUUID: res.body.data[0].taskUUID }]);
    expect(polled.body.data[0].imageURL).toBe(imageURL);
    capableClock.advance(61_000);
    expect((await fetch(imageURL)).status).toBe(404);
  });

  it("without a key, a capability segment opens nothing", async () => {
    const { url } = await generate();
    const uuid = url.split("/").at(-1) ?? "";
    expect((await fetch(`${h.url}/media/${"A".repeat(43)}/${uuid}`)).status).toBe(404);
  });
});
