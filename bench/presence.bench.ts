/**
 * One account's script against the live stream: SOCKETS sockets on `/api/stream` of one member,
 * all opened at once, each saying it is on one item (`{ type: "presence", on: "item:<id>" }`), and
 * again every second, moving between the item and nowhere (within the per-socket message limit).
 * Meanwhile another member lists the gallery (`GET /api/items`) one request after another.
 * Printed: that member's request times with no sockets open (the baseline) and under the sockets,
 * how many sockets the studio kept open and closed (4429), the studio's CPU seconds over the window,
 * and its resident memory before the sockets, under them and after they closed.
 * The production studio (embedded engine and database, a throwaway DATA_DIR).
 *
 *   npm run build && npm run bench:presence     (BENCH_SOCKETS, BENCH_REQUESTS)
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { WebSocket } from "ws";
import { onStop, stopAll } from "./stop-on-exit";
import { cookieOf, setUpOwner, startStudio } from "./studio-process";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024);
}

async function post(origin: string, url: string, body: unknown, cookie = ""): Promise<Response> {
  return fetch(`${origin}${url}`, {
    method: "POST",
    headers: { origin, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** A second member, joined by invitation: their session cookie. */
async function invite(origin: string, owner: string): Promise<string> {
  const email = "script@studio.test";
  const made = await post(origin, "/api/invitations", { role: "viewer", email }, owner);
  if (made.status !== 201) throw new Error(`invitation failed: ${made.status} ${await made.text()}`);
  const { url } = ((await made.json()) as { data: { url: string } }).data;
  const joined = await post(origin, "/api/invitations/accept", {
    token: url.split("/invite/")[1] ?? "",
    name: "Script",
    email,
    password: "bench password",
  });
  if (!joined.ok) throw new Error(`joining failed: ${joined.status} ${await joined.text()}`);
  return cookieOf(joined);
}

/** One image made by the owner: its gallery item's id. */
async function oneItem(origin: string, owner: string): Promise<string> {
  const task = {
    taskType: "imageInference",
    taskUUID: crypto.randomUUID(),
    positivePrompt: "a lighthouse at dusk",
    model: "runware:100@1",
    width: 512,
    height: 512,
  };
  const sent = await post(origin, "/api/tasks", [task], owner);
  if (sent.status !== 202) throw new Error(`task refused: ${sent.status} ${await sent.text()}`);
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(250)) {
    const res = await fetch(`${origin}/api/items`, { headers: { cookie: owner } });
    const id = ((await res.json()) as { data?: { items?: { id: string }[] } }).data?.items?.[0]?.id;
    if (id) return id;
  }
  throw new Error("no item in 60 s");
}

/** `REQUESTS` gallery reads one after another: median and slowest (ms). */
async function listTimes(origin: string, cookie: string): Promise<{ median: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const res = await fetch(`${origin}/api/items?limit=50`, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET /api/items answered ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? 0, max: times.at(-1) ?? 0 };
}

interface Socket {
  ws: WebSocket;
  closed: Promise<number>;
}

function presenceSocket(origin: string, cookie: string, target: string): Socket {
  const ws = new WebSocket(`${origin.replace(/^http/, "ws")}/api/stream`, { headers: { origin, cookie } });
  ws.on("error", () => undefined);
  let on = true;
  let timer: NodeJS.Timeout | undefined;
  ws.on("open", () => {
    ws.send(JSON.stringify({ type: "presence", on: target }));
    timer = setInterval(() => {
      on = !on;
      if (ws.readyState === WebSocket.OPEN)
        ws.send(JSON.stringify({ type: "presence", on: on ? target : null }));
    }, 1_000);
  });
  const closed = new Promise<number>((resolve) =>
    ws.on("close", (code) => {
      clearInterval(timer);
      resolve(code);
    }),
  );
  return { ws, closed };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-presence-"));
  onStop(() => rmSync(dataDir, { recursive: true, force: true }));
  const { child, origin } = await startStudio({ DATA_DIR: dataDir });
  const pid = child.pid ?? 0;
  const owner = await setUpOwner(origin);
  const script = await invite(origin, owner);
  const itemId = await oneItem(origin, owner);
  await listTimes(origin, owner);

  const idleCpuFrom = cpuSeconds(pid);
  const baseline = await listTimes(origin, owner);
  const idleCpu = cpuSeconds(pid) - idleCpuFrom;
  const memoryBefore = residentMb(pid);

  const cpuFrom = cpuSeconds(pid);
  const sockets = Array.from({ length: SOCKETS }, () => presenceSocket(origin, script, `item:${itemId}`));
  const attacked = await listTimes(origin, owner);
  const cpu = cpuSeconds(pid) - cpuFrom;
  const open = sockets.filter((s) => s.ws.readyState === WebSocket.OPEN).length;
  const memoryUnder = residentMb(pid);

  for (const s of sockets) s.ws.close();
  const codes = await Promise.all(sockets.map((s) => s.closed));
  const refused = codes.filter((c) => c === 4429).length;
  await sleep(5_000);
  const after = await listTimes(origin, owner);
  const memoryAfter = residentMb(pid);

  const ms = (t: { median: number; max: number }) =>
    `median ${t.median.toFixed(1)} ms, slowest ${t.max.toFixed(1)} ms`;
  console.info(
    `other member's GET /api/items, baseline (no sockets): ${ms(baseline)}; studio CPU ${idleCpu.toFixed(1)} s`,
  );
  console.info(
    `other member's GET /api/items under ${SOCKETS} presence sockets of one account: ${ms(attacked)}`,
  );
  console.info(`  sockets kept open: ${open}; closed with 4429 (too many): ${refused}`);
  console.info(
    `  studio CPU over that window: ${cpu.toFixed(1)} s (the sockets' upgrades and presence, and the requests)`,
  );
  console.info(`other member's GET /api/items after they closed: ${ms(after)}`);
  console.info(
    `studio resident memory: ${memoryBefore} MB before, ${memoryUnder} MB under, ${memoryAfter} MB after`,
  );
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
