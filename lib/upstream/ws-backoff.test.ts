import "server-only";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seededRandom } from "@/lib/engine";
import { EventLog } from "./test-support";
import { ServiceDouble } from "./ws-double";
import { WS_DEFAULTS, type WsOptions } from "./ws-options";
import { UpstreamSession } from "./ws-session";

/**
 * The reconnect backoff against a service that closes sockets right after authenticating them,
 * run through minutes of fake time. The default options: 250 ms growing to 15 s, reset after a
 * socket stayed up 10 s.
 */

const CONFIG = { httpUrl: "http://service.test/v1", wsUrl: "ws://service.test/v1", apiKey: "k" };

let session: UpstreamSession | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  await session?.close();
  session = undefined;
  vi.useRealTimers();
});

function start(double: ServiceDouble, random = () => 0.999, ws: Partial<WsOptions> = {}) {
  session = new UpstreamSession(CONFIG, { ...WS_DEFAULTS, ...ws }, { random, openSocket: double.openSocket });
  const log = new EventLog();
  session.onMessage(log.listener);
  session.start();
  return { session, log };
}

/** The waits between one socket's opening and the next's. */
function gaps(double: ServiceDouble): number[] {
  return double.opened.slice(1).map((at, i) => at - (double.opened[i] as number));
}

describe("reconnect backoff", () => {
  for (const code of [1009, 1006, 1011, 1000]) {
    it(`grows on every close with ${code} right after authenticating, up to its cap`, async () => {
      // The jitter draws its maximum: each wait is the backoff's whole ceiling.
      const double = new ServiceDouble({ closeAfterAuth: code });
      start(double);
      await vi.advanceTimersByTimeAsync(110_000);
      // 250 ms doubling to 15 s fits 13 tries in 110 s (at the floor it would be ~440).
      expect(double.opened.length).toBeLessThanOrEqual(14);
      expect(double.authentications).toBe(double.opened.length);
      const waits = gaps(double);
      for (let i = 1; i < waits.length; i++) {
        expect(waits[i], `wait ${i}`).toBeGreaterThanOrEqual(waits[i - 1] as number);
      }
      expect(waits[0]).toBeLessThan(300);
      expect(waits.at(-1)).toBeGreaterThanOrEqual(14_000);
      expect(Math.max(...waits)).toBeLessThanOrEqual(15_100);
    });
  }

  it("stays bounded over random jitter too (20 seeded runs)", async () => {
    for (let run = 0; run < 20; run++) {
      const double = new ServiceDouble({ closeAfterAuth: 1009 });
      start(double, seededRandom(0xbac0ff + run));
      await vi.advanceTimersByTimeAsync(110_000);
      // Full jitter averages half the ceiling: about 20 tries in 110 s, never hundreds.
      expect(double.opened.length, `run ${run}`).toBeLessThanOrEqual(40);
      await session?.close();
    }
  });

  it("returns to its floor only after a socket has stayed up 10 s", async () => {
    const double = new ServiceDouble({ closeAfterAuth: 1011 });
    start(double);
    await vi.advanceTimersByTimeAsync(8_000); // 6 sockets, each closed at once: the next wait is ~8 s
    expect(double.opened.length).toBe(6);
    double.rules.closeAfterAuth = undefined;
    await vi.advanceTimersByTimeAsync(8_000);
    expect(double.opened.length).toBe(7);
    /** Keeps the newest socket up `upMs` more, closes it, and answers the wait until the next. */
    const waitAfterClose = async (upMs: number) => {
      await vi.advanceTimersByTimeAsync(upMs);
      const closedAt = Date.now();
      double.sockets.at(-1)?.shut(1006);
      await vi.advanceTimersByTimeAsync(20_000);
      return (double.opened.at(-1) as number) - closedAt;
    };
    // Up 5 s: not yet healthy, so the wait goes on growing (to its 15 s cap).
    expect(await waitAfterClose(5_000)).toBeGreaterThanOrEqual(14_000);
    // This one has been up ~5 s; 11 s more and it is healthy: the wait starts again at 250 ms.
    expect(await waitAfterClose(11_000)).toBeLessThan(300);
  });
});
