/**
 * Peak memory of the studio while editors run image tools: 30 ControlNet preprocesses sent at
 * once through `POST /api/tools`, first of a 211 KB 8192x8192 PNG (the case that took a studio to
 * 7.7 GB), then of a 4096x4096 PNG (the largest a tool takes). The figure is the server process's
 * VmHWM (peak resident set, kept by the kernel), read from /proc after the burst.
 *
 * Runs the production build of BENCH_ROOT (default: this checkout; `npm run build` first) with
 * a throwaway DATA_DIR, so the same script measures another checkout for a before/after.
 *
 *   npx tsx bench/tool-memory.bench.ts    (BENCH_BURST=10 another burst, BENCH_SIDES=8192 one size)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { freePort, stopProcess } from "../e2e/fixtures/processes";
import { onStop, stopAll } from "./stop-on-exit";

const BURST = Number(process.env.BENCH_BURST ?? 30);
const SIDES = (process.env.BENCH_SIDES ?? "8192,4096").split(",").map(Number);
const root = path.resolve(process.env.BENCH_ROOT ?? ".");

function rssOf(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { now: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

async function startStudio(): Promise<{ child: ChildProcess; origin: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tool-memory-"));
  onStop(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ENGINE_DATA_DIR: path.join(dataDir, "engine"),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  onStop(() => stopProcess(child));
  const origin = `http://127.0.0.1:${port}`;
  // Up to three minutes: a loaded machine starts Next.js slowly.
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error("the studio exited while starting");
    try {
      await fetch(`${origin}/sign-in`, { method: "HEAD" });
      return { child, origin };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error("the studio did not start");
}

async function burst(origin: string, cookie: string, image: Buffer): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  const inputImage = `data:image/png;base64,${image.toString("base64")}`;
  await Promise.all(
    Array.from({ length: BURST }, async () => {
      const res = await fetch(`${origin}/api/tools`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin },
        body: JSON.stringify({
          taskType: "imageControlNetPreProcess",
          preProcessorType: "canny",
          inputImage,
        }),
      });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }),
  );
  return statuses;
}

const flat = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: "#345" } })
    .png()
    .toBuffer();

for (const side of SIDES) {
  const image = await flat(side);
  try {
    const { child, origin } = await startStudio();
    const setup = await fetch(`${origin}/api/setup`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ name: "Bench", email: "bench@studio.test", password: "bench password" }),
    });
    if (!setup.ok) throw new Error(`set-up failed: ${setup.status}`);
    const cookie = (setup.headers.getSetCookie() ?? []).map((c) => c.split(";")[0]).join("; ");
    const pid = child.pid ?? 0;
    const idle = rssOf(pid);
    const started = Date.now();
    const statuses = await burst(origin, cookie, image);
    // Work the studio gave up waiting for (a 504) may still be decoding in the engine: read the
    // peak once it has held still for 20 s (three minutes at most).
    let after = rssOf(pid);
    for (let still = 0, waited = 0; still < 20 && waited < 180; waited += 2) {
      await new Promise((r) => setTimeout(r, 2_000));
      const now = rssOf(pid);
      still = now.peak === after.peak ? still + 2 : 0;
      after = now;
    }
    const answers = [...statuses].map(([s, n]) => `${n}x${s}`).join(" ");
    console.info(
      `${side}x${side} PNG (${Math.round(image.length / 1024)} KB) x${BURST} at once, ${root}: ` +
        `peak RSS ${after.peak.toFixed(0)} MB (idle ${idle.now.toFixed(0)} MB), answers ${answers}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await stopAll();
  }
}
