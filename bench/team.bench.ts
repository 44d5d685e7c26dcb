/**
 * Four experimenters at the same moment. The production studio (embedded engine, a throwaway
 * DATA_DIR) gets four members: the owner from set-up and three editors through invitation links.
 * Each creates a 10x10 experiment (ten prompts x ten seeds, concurrency 4: the body the Vary
 * dialog sends from the text-to-image page) with their own session, all four at once, and the
 * bench waits until every one of the 400 cells is done, as the four grid pages learn it: each
 * member's live stream (`/api/stream`) carries the cells' changes. Printed: the studio's cells per second (400 / time from the
 * four creates to the last cell done) beside the engine alone, the same 400 tasks (the cells' own
 * parameters) sent straight to `POST /v1` (sync, each image's bytes fetched) with 16 in flight
 * (4 grids x 4); and the studio process's resident memory (/proc/<pid>/status, as bench:memory
 * reads it): idle after its first start (which creates the database) and, restarted on the same
 * folder as it runs from then on, idle, and at its peak during the grids (VmRSS sampled, VmHWM).
 *
 * Runs on the embedded database, then on PostgreSQL (a throwaway local cluster; skipped with a
 * line when the server binaries are missing), in one run.
 * Targets: the studio keeps at least 90% of the engine's cells per second; idle under 300 MB.
 *
 *   npm run build && npm run bench:team
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { WebSocket } from "ws";
import { BASE_IMAGE_VALUES } from "../lib/client/create/image-fields";
import { startLocalPostgres } from "./local-postgres";
import { onStop, stopAll } from "./stop-on-exit";
import { cookieOf, startStudio, stopStudio } from "./studio-process";

const MEMBERS = 4;
const SIDE = 10;
const CELLS = MEMBERS * SIDE * SIDE;
/** The Vary dialog sends no concurrency: the studio's default, 4 cells in flight per grid. */
const GRID_CONCURRENCY = 4;
const SAMPLE_MS = 250;
const FINISHED = new Set(["done", "error", "refused"]);
/** A started server settles (lazy modules, first GC) before its idle memory is read. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 10_000);
const KEY = `bench-${crypto.randomUUID()}`;
const SUBJECTS = [
  "fox",
  "owl",
  "lighthouse",
  "harbour",
  "forest",
  "glacier",
  "tower",
  "river",
  "desert",
  "orchard",
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) =>
    Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024);
  return { rss: mb("VmRSS"), hwm: mb("VmHWM") };
}

/** The owner from set-up and three editors who joined by invitation: each one's session cookie. */
async function team(origin: string): Promise<string[]> {
  const post = (url: string, body: unknown, cookie = "") =>
    fetch(`${origin}${url}`, {
      method: "POST",
      headers: { origin, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const setup = await post("/api/setup", {
    name: "Owner",
    email: "owner@studio.test",
    password: "bench password",
  });
  if (!setup.ok) throw new Error(`set-up failed: ${setup.status} ${await setup.text()}`);
  const cookies = [cookieOf(setup)];
  for (let i = 1; i < MEMBERS; i++) {
    const email = `member${i}@studio.test`;
    const invite = await post("/api/invitations", { role: "editor", email }, cookies[0]);
    if (invite.status !== 201) throw new Error(`invitation failed: ${invite.status} ${await invite.text()}`);
    const { url } = ((await invite.json()) as { data: { url: string } }).data;
    const token = url.split("/invite/")[1] ?? "";
    const joined = await post("/api/invitations/accept", {
      token,
      name: `Member ${i}`,
      email,
      password: "bench password",
    });
    if (!joined.ok) throw new Error(`joining failed: ${joined.status} ${await joined.text()}`);
    cookies.push(cookieOf(joined));
  }
  return cookies;
}

/** What the Vary dialog sends from text to image: ten prompts by ten seeds, one image a cell. */
function varyBody(member: number) {
  const prompts = SUBJECTS.map((s) => `a ${s} at dusk, member ${member}'s take, soft light`);
  const { extraJson: _form, negativePrompt: _empty, ...fields } = BASE_IMAGE_VALUES;
  return {
    base: { ...fields, taskType: "imageInference", positivePrompt: prompts[0], numberResults: 1 },
    axes: [
      { kind: "prompts", prompts },
      { kind: "seedCount", start: 1, count: SIDE },
    ],
  };
}

/** Sends `tasks` straight to the engine, `inFlight` at a time; ms until the last image's bytes. */
async function engineAlone(origin: string, tasks: Record<string, unknown>[], inFlight: number) {
  const queue = [...tasks];
  const start = performance.now();
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) {
      const res = await fetch(`${origin}/v1`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify([{ ...task, taskUUID: crypto.randomUUID() }]),
      });
      const body = (await res.json()) as { data?: { imageURL?: string }[] };
      const url = body.data?.[0]?.imageURL;
      if (!url) throw new Error(`engine answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      await (await fetch(url)).arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return performance.now() - start;
}

type CellView = { key: string; status: string; params: Record<string, unknown> };
type Change = { kind: string; experimentId?: string; cells?: { key: string; status: string }[] };

/**
 * The cells' states as the members' live streams tell them: each member's socket, as their grid
 * page holds one. A change without cells means "read it again": the experiment is read once.
 */
class CellWatch {
  readonly states = new Map<string, Map<string, string>>();
  private readonly sockets: WebSocket[] = [];
  private wake: (() => void) | null = null;

  constructor(private readonly origin: string) {}

  async connect(cookie: string) {
    const ws = new WebSocket(`${this.origin.replace("http", "ws")}/api/stream`, {
      headers: { cookie, origin: this.origin },
    });
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    ws.on("message", (data) => {
      const event = JSON.parse(String(data)) as { type: string; change?: Change };
      const change = event.change;
      if (event.type !== "gallery" || change?.kind !== "experiment" || !change.experimentId) return;
      const cells = this.states.get(change.experimentId);
      if (!cells) return;
      if (change.cells) for (const c of change.cells) cells.set(c.key, c.status);
      else void this.read(change.experimentId, cookie);
      this.wake?.();
    });
    this.sockets.push(ws);
  }

  watch(id: string) {
    if (!this.states.has(id)) this.states.set(id, new Map());
  }

  async read(id: string, cookie: string) {
    const res = await fetch(`${this.origin}/api/experiments/${id}`, { headers: { cookie } });
    const view = ((await res.json()) as { data: { cells: CellView[] } }).data;
    const cells = this.states.get(id);
    for (const c of view.cells) cells?.set(c.key, c.status);
    this.wake?.();
  }

  finished(): number {
    let n = 0;
    for (const cells of this.states.values())
      for (const status of cells.values()) n += FINISHED.has(status) ? 1 : 0;
    return n;
  }

  /** Resolves when all `total` cells are finished (checked at each change, and once a second). */
  async all(total: number) {
    while (this.finished() < total) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 1_000);
      });
    }
  }

  close() {
    for (const ws of this.sockets) ws.close();
  }
}

async function round(label: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-bench-team-"));
  onStop(() => rmSync(dataDir, { recursive: true, force: true }));
  const fresh = await startStudio({ DATA_DIR: dataDir, ENGINE_API_KEYS: KEY, ...env });
  const cookies = await team(fresh.origin);
  await sleep(SETTLE_MS);
  const firstIdle = memory(fresh.child.pid ?? 0).rss;
  await stopStudio(fresh.child);
  const { child, origin } = await startStudio({ DATA_DIR: dataDir, ENGINE_API_KEYS: KEY, ...env });
  const pid = child.pid ?? 0;
  // One task straight to the engine: its render workers are warm for both runs.
  await engineAlone(
    origin,
    [
      {
        taskType: "imageInference",
        positivePrompt: "a warm-up",
        model: "runware:100@1",
        width: 1024,
        height: 1024,
      },
    ],
    1,
  );
  await sleep(SETTLE_MS);
  const idle = memory(pid).rss;
  const watch = new CellWatch(origin);
  onStop(() => watch.close());
  for (const cookie of cookies) await watch.connect(cookie);

  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memory(pid).rss);
  }, SAMPLE_MS);
  const started = performance.now();
  const created = await Promise.all(
    cookies.map(async (cookie, member) => {
      const res = await fetch(`${origin}/api/experiments`, {
        method: "POST",
        headers: { origin, cookie, "content-type": "application/json" },
        body: JSON.stringify(varyBody(member)),
      });
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
      const id = ((await res.json()) as { data: { id: string } }).data.id;
      watch.watch(id);
      // Changes sent before the page knew the experiment's id: the page reads it once, as here.
      await watch.read(id, cookie);
      return id;
    }),
  );
  await watch.all(CELLS);
  const studioMs = performance.now() - started;
  clearInterval(sampler);
  watch.close();
  const { hwm } = memory(pid);
  peak = Math.max(peak, memory(pid).rss);

  const tasks: Record<string, unknown>[] = [];
  const statuses: string[] = [];
  for (const id of created) {
    const res = await fetch(`${origin}/api/experiments/${id}`, { headers: { cookie: cookies[0] ?? "" } });
    const view = ((await res.json()) as { data: { cells: CellView[] } }).data;
    for (const { params, status } of view.cells) {
      statuses.push(status);
      const { deliveryMethod: _async, taskUUID: _id, webhookURL: _hook, ...rest } = params;
      tasks.push(rest);
    }
  }
  if (tasks.length !== CELLS) throw new Error(`expected ${CELLS} cells, read ${tasks.length}`);
  const failed = tasks.length - statuses.filter((s) => s === "done").length;
  const engineMs = await engineAlone(origin, tasks, MEMBERS * GRID_CONCURRENCY);

  const studioRate = CELLS / (studioMs / 1000);
  const engineRate = CELLS / (engineMs / 1000);
  const row = (name: string, value: string, target = "") =>
    console.info(`${name.padEnd(60)}${value.padStart(14)}   ${target}`);
  console.info(`\n${label}: ${MEMBERS} members x a ${SIDE}x${SIDE} grid at once (${CELLS} cells)`);
  row("studio: four creates to the last cell done", `${(studioMs / 1000).toFixed(2)} s`);
  row("studio: cells per second", studioRate.toFixed(2));
  row(
    `engine alone: the same ${CELLS} tasks, POST /v1 sync + bytes, ${MEMBERS * GRID_CONCURRENCY} in flight`,
    `${(engineMs / 1000).toFixed(2)} s`,
  );
  row("engine alone: cells per second", engineRate.toFixed(2));
  row(
    "studio keeps of the engine's rate",
    `${((studioRate / engineRate) * 100).toFixed(1)} %`,
    "target >= 90 %",
  );
  if (failed > 0) {
    const by = new Map<string, number>();
    for (const s of statuses) by.set(s, (by.get(s) ?? 0) + 1);
    row("cells not done", `${failed}`, [...by].map(([s, n]) => `${s} ${n}`).join(", "));
  }
  row("studio RSS idle after its first start (database created)", `${firstIdle} MB`);
  row("studio RSS idle after a restart", `${idle} MB`, "target < 300 MB");
  row("studio RSS peak during the grids (sampled every 250 ms)", `${peak} MB`);
  row("studio VmHWM (peak since the restart)", `${hwm} MB`);
  await stopAll();
}

try {
  await round("embedded database", {});
  let postgres: Awaited<ReturnType<typeof startLocalPostgres>> | null = null;
  try {
    postgres = await startLocalPostgres("bench_team");
  } catch (err) {
    console.info(`\nPostgreSQL: skipped (${(err as Error).message})`);
  }
  if (postgres) {
    onStop(postgres.stop);
    await round("PostgreSQL", { DATABASE_URL: postgres.url });
  }
} finally {
  await stopAll();
}
