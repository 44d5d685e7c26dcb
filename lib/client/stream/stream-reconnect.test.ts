import { describe, expect, it } from "vitest";
import { STREAM_CLOSE, STREAM_GOING_AWAY } from "@/lib/studio/api/stream";
import { afterStreamClose, TOO_MANY_SOCKETS_WAIT_MS } from "./stream-reconnect";

/** Replays `closes` closes with `code` in a row: the delays the tab waits between its tries. */
function delaysAfter(code: number, closes: number, random: () => number): number[] {
  const delays: number[] = [];
  let attempt = 0;
  for (let i = 0; i < closes; i++) {
    const next = afterStreamClose(code, attempt, { random });
    if (next.kind !== "reconnect") throw new Error(`no reconnect after ${code}`);
    delays.push(next.delayMs);
    attempt = next.attempt;
  }
  return delays;
}

describe("afterStreamClose", () => {
  it("does not come straight back after being one socket too many", () => {
    for (const random of [() => 0, () => 0.5, () => 0.999]) {
      const delays = delaysAfter(STREAM_CLOSE.tooManySockets, 30, random);
      expect(Math.min(...delays)).toBeGreaterThanOrEqual(TOO_MANY_SOCKETS_WAIT_MS);
      // Thirty refusals in a row take half an hour at least: one try a minute, not a loop.
      expect(delays.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(30 * 60_000);
    }
  });

  it("signs in after the session ended, reconnects at once when asked, and backs off after failures", () => {
    expect(afterStreamClose(STREAM_CLOSE.sessionEnded, 3)).toEqual({ kind: "signIn" });
    expect(afterStreamClose(STREAM_CLOSE.sessionRenewed, 3)).toMatchObject({ delayMs: 0, attempt: 0 });
    expect(afterStreamClose(STREAM_CLOSE.roleChanged, 3)).toMatchObject({ delayMs: 0, refresh: true });
    expect(afterStreamClose(STREAM_GOING_AWAY, 5, { random: () => 1 })).toMatchObject({
      delayMs: 500,
      attempt: 1,
    });
    expect(delaysAfter(1006, 7, () => 1)).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000]);
    expect(afterStreamClose(1006, 0, { online: false })).toMatchObject({ delayMs: 15_000 });
  });
});
