/**
 * Throughput and p99 latency of the engine's `POST /v1` for a small task (a `modelSearch` with
 * limit 1, a fresh taskUUID per request, Bearer auth), beside a bare `node:http` handler that
 * reads the body and answers the same bytes. 100 connections, 5 s per round after a 1 s
 * warm-up; the two targets alternate for `BENCH_ROUNDS` rounds (default 2) and the best round of
 * each is compared, which keeps a burst of unrelated load on the machine from deciding the ratio.
 * Target: the engine at >= 50 % of the bare handler's requests/s.
 *
 * Each target runs in a child process pinned to CPU 1 and the load generator to CPU 0 (with
 * `taskset`, when present), so both targets get one whole core and the generator the other.
 *
 *   npm run bench:engine            (BENCH_SECONDS=10 BENCH_ROUNDS=3 for a longer run)
 */
// Registered before the engine is imported (dynamically, in the child): its modules import
// `server-only`, which this resolve hook makes an empty module.
import "../scripts/register-server-only.mjs";
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const CONNECTIONS = 100;

/** Pins a process (all its threads) to one CPU; false when taskset is missing or refuses. */
function pin(pid: number, cpu: number): boolean {
  try {
    execFileSync("taskset", ["-a", "-p", "-c", String(cpu), String(pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

interface Target {
  port: number;
  key: string;
  responseBytes: string;
}

/** Child side: serve one target and print where it listens. */
async function serve(kind: string): Promise<void> {
  if (kind === "engine") {
    const { startHarness } = await import("../lib/engine/index");
    const h = await startHarness();
    const sample = await h.post([{ taskType: "modelSearch", taskUUID: randomUUID(), limit: 1 }]);
    process.send?.({
      port: Number(new URL(h.origin).port),
      key: h.key,
      responseBytes: JSON.stringify(sample.body),
    });
    process.on("disconnect", () => {
      void h.close().finally(() => {
        h.cleanup();
        process.exit(0);
      });
    });
    return;
  }
  const responseBytes = process.env.BENCH_RESPONSE ?? "{}";
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      res.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(responseBytes),
      });
      res.end(responseBytes);
    });
  });
  server.listen(0, "127.0.0.1", () => {
    process.send?.({ port: (server.address() as AddressInfo).port, key: "", responseBytes });
  });
  process.on("disconnect", () => process.exit(0));
}

function start(
  kind: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; target: Target }> {
  const child = fork(process.argv[1] ?? "", ["--serve", kind], {
    execArgv: process.execArgv,
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (target) => {
      if (child.pid !== undefined) pin(child.pid, 1);
      resolve({ child, target: target as Target });
    });
    child.once("exit", (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

async function load(target: Target, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${target.port}/v1`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${target.key}` },
        setupRequest: (req) => {
          req.body = `[{"taskType":"modelSearch","taskUUID":"${randomUUID()}","limit":1}]`;
          return req;
        },
      },
    ],
  });
}

interface Round {
  kind: string;
  rps: number;
  p50: number;
  p99: number;
}

async function measureRound(
  kind: string,
  env: Record<string, string> = {},
): Promise<Round & { target: Target }> {
  const { child, target } = await start(kind, env);
  try {
    await load(target, 1);
    const result = await load(target, SECONDS);
    const bad = result.non2xx + result.errors + result.timeouts;
    if (bad > 0)
      console.warn(`${kind}: ${bad} failed requests (non-2xx ${result.non2xx}, errors ${result.errors})`);
    return { kind, target, rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
  } finally {
    child.disconnect();
  }
}

async function main(): Promise<void> {
  const serveAt = process.argv.indexOf("--serve");
  if (serveAt !== -1) {
    await serve(process.argv[serveAt + 1] ?? "bare");
    return;
  }
  const pinned = pin(process.pid, 0);
  const rounds: Round[] = [];
  let response = "";
  for (let i = 0; i < ROUNDS; i++) {
    const engine = await measureRound("engine");
    response = engine.target.responseBytes;
    rounds.push(engine, await measureRound("bare", { BENCH_RESPONSE: response }));
  }
  const best = (kind: string) =>
    rounds.filter((r) => r.kind === kind).reduce((a, b) => (b.rps > a.rps ? b : a));
  console.info(
    `POST /v1 modelSearch(limit 1), ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS} s per target${pinned ? ", target on CPU 1, load on CPU 0" : ""}`,
  );
  console.info(
    `${"round".padEnd(14)}${"req/s".padStart(10)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}`,
  );
  rounds.forEach((r, i) => {
    const label = `${r.kind} #${Math.floor(i / 2) + 1}`;
    console.info(
      `${label.padEnd(14)}${r.rps.toFixed(0).padStart(10)}${String(r.p50).padStart(10)}${String(r.p99).padStart(10)}`,
    );
  });
  const engine = best("engine");
  const bare = best("bare");
  console.info(
    `best: engine ${engine.rps.toFixed(0)} req/s (p99 ${engine.p99} ms), bare ${bare.rps.toFixed(0)} req/s (p99 ${bare.p99} ms)`,
  );
  console.info(
    `engine / bare: ${((engine.rps / bare.rps) * 100).toFixed(1)} % of requests/s (target >= 50 %)`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
