import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Drain } from "./drain";

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A server whose requests wait until `release()`; answers `base` once listening. */
async function slowServer(drain: Drain): Promise<{ base: string; release(): void }> {
  const waiting: (() => void)[] = [];
  server = createServer((req, res) => {
    if (!drain.admit(req, res)) return;
    waiting.push(() => res.end("done"));
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    release: () => {
      for (const answer of waiting.splice(0)) answer();
    },
  };
}

describe("drain", () => {
  it("lets requests in flight finish, and answers new ones 503 in the contract's shape", async () => {
    const drain = new Drain();
    const { base, release } = await slowServer(drain);
    const inFlight = fetch(`${base}/a`);
    await expect.poll(() => drain.inFlight).toBe(1);
    let drained = false;
    const draining = drain.drain(new AbortController().signal).then(() => {
      drained = true;
    });
    const refused = await fetch(`${base}/b`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("connection")).toBe("close");
    expect(await refused.json()).toEqual({
      errors: [expect.objectContaining({ code: "shuttingDown", parameter: "server" })],
    });
    expect(drained).toBe(false);
    release();
    expect(await (await inFlight).text()).toBe("done");
    await draining;
    expect(drain.inFlight).toBe(0);
  });

  it("stops waiting at its deadline", async () => {
    const drain = new Drain();
    const { base, release } = await slowServer(drain);
    const inFlight = fetch(`${base}/a`);
    await expect.poll(() => drain.inFlight).toBe(1);
    const deadline = new AbortController();
    const draining = drain.drain(deadline.signal);
    deadline.abort();
    await draining;
    expect(drain.inFlight).toBe(1);
    release();
    await inFlight;
  });

  it("resolves at once with nothing in flight", async () => {
    const drain = new Drain();
    await drain.drain(new AbortController().signal);
    expect(drain.isDraining).toBe(true);
  });
});
