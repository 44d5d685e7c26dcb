/**
 * The proxy's added latency: the same small task sent by a signed-in member to `POST /api/tasks`
 * (session, origin and role checks, validation, the record with its author, the send on the
 * studio's socket) beside the same task sent straight to the engine's `POST /v1`, both answered
 * at acknowledgment (`deliveryMethod: async`). Requests alternate between the two so both see the
 * same machine; p50 and p99 over REQUESTS each. Two rounds: "settled" waits SETTLE_MS after each
 * request, so the task's render and result keeping are done before the next one (the proxy's own
 * cost); "back to back" sends the next at once, so each request meets the previous tasks' work on
 * the same event loop (the embedded engine runs in the studio's process). Target: p50 added under
 * 5 ms.
 *
 * Runs the production build (`npm run build` first) on a free port with a throwaway DATA_DIR.
 *
 *   npm run bench:proxy            (BENCH_REQUESTS=3000 for more)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startProcess, stopProcess } from "../e2e/fixtures/processes";
import { onStop, stopAll } from "./stop-on-exit";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const SETTLED_REQUESTS = Number(process.env.BENCH_SETTLED_REQUESTS ?? 200);
const SETTLE_MS = 250;
const KEY = `bench-${crypto.randomUUID()}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "studio-bench-"));
onStop(() => rmSync(dataDir, { recursive: true, force: true }));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;

try {
  const server = await startProcess(
    "server.ts",
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ENGINE_DATA_DIR: path.join(dataDir, "engine"),
      ENGINE_API_KEYS: KEY,
    },
    `${origin}/sign-in`,
  );
  onStop(() => stopProcess(server));
  const setup = await fetch(`${origin}/api/setup`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ name: "Bench", email: "bench@studio.test", password: "bench password" }),
  });
  if (!setup.ok) throw new Error(`set-up failed: ${setup.status} ${await setup.text()}`);
  const cookie = setup.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  const task = () => ({
    taskType: "imageInference",
    taskUUID: crypto.randomUUID(),
    positivePrompt: "a small test tile",
    model: "runware:100@1",
    width: 128,
    height: 128,
    deliveryMethod: "async",
  });
  const viaStudio = () =>
    fetch(`${origin}/api/tasks`, {
      method: "POST",
      headers: { origin, cookie, "content-type": "application/json" },
      body: JSON.stringify([task()]),
    });
  const direct = () =>
    fetch(`${origin}/v1`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify([task()]),
    });

  const time = async (send: () => Promise<Response>, into: number[], expected: number) => {
    const start = performance.now();
    const res = await send();
    await res.arrayBuffer();
    into.push(performance.now() - start);
    if (res.status !== expected) throw new Error(`unexpected status ${res.status}`);
  };
  const pct = (list: number[], q: number) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  };
  const round = async (name: string, count: number, pauseMs: number) => {
    const timings = { studio: [] as number[], engine: [] as number[] };
    const pause = () => (pauseMs > 0 ? new Promise((r) => setTimeout(r, pauseMs)) : Promise.resolve());
    for (let i = 0; i < count; i++) {
      await time(viaStudio, timings.studio, 202);
      await pause();
      await time(direct, timings.engine, 200);
      await pause();
    }
    console.info(`\n${name}: ${count} requests each, alternating, one at a time`);
    console.info(`${"".padEnd(26)}p50 ms    p99 ms`);
    for (const [label, list] of [
      ["POST /api/tasks (studio)", timings.studio],
      ["POST /v1 (engine)", timings.engine],
    ] as const) {
      console.info(
        `${label.padEnd(26)}${pct(list, 0.5).toFixed(2).padStart(6)}${pct(list, 0.99).toFixed(2).padStart(10)}`,
      );
    }
    const added50 = pct(timings.studio, 0.5) - pct(timings.engine, 0.5);
    const added99 = pct(timings.studio, 0.99) - pct(timings.engine, 0.99);
    console.info(
      `proxy adds ${added50.toFixed(2)} ms at p50 (target < 5 ms), ${added99.toFixed(2)} ms at p99`,
    );
  };
  for (let i = 0; i < 50; i++) {
    await time(viaStudio, [], 202);
    await time(direct, [], 200);
  }
  await new Promise((r) => setTimeout(r, 2000));
  await round("settled", SETTLED_REQUESTS, SETTLE_MS);
  await round("back to back", REQUESTS, 0);
} finally {
  await stopAll();
}
