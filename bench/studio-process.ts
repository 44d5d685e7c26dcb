/**
 * The studio as `npm start` runs it, for benches that start their own: the compiled server (tsx on
 * server.ts when there is none) started by `bin/start-server.sh`, ready when `/api/ready` answers, stopped with the bench
 * (stop-on-exit.ts), and its owner's account made through set-up.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { freePort, ROOT } from "../e2e/fixtures/processes";
import { onStop } from "./stop-on-exit";

const COMPILED = path.join(ROOT, ".build", "server.mjs");
const START_SCRIPT = path.join(ROOT, "bin", "start-server.sh");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A first start makes the database (initdb): minutes on a machine shared with other work. */
const READY_MS = Number(process.env.BENCH_READY_MS ?? 300_000);

/** Starts a studio on a free port with `env` over the production defaults; resolves once it is ready. */
export async function startStudio(
  env: Record<string, string>,
  /** Another compiled server to run (an earlier build, to compare), from this checkout's folder. */
  server = COMPILED,
  /** The folder it runs in, whose `.next` it serves: another build's, to compare its pages. */
  cwd = ROOT,
  /** A port of the bench's choosing (another studio names it), and Node options before the server's. */
  options: { port?: number; nodeArgs?: string[] } = {},
): Promise<{ child: ChildProcess; origin: string }> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  // BENCH_TSX=1: server.ts through tsx over the existing `next build`, for a server changed since.
  const compiled = process.env.BENCH_TSX !== "1" && existsSync(server);
  // Through the script `npm start` ends in, so the server has the environment it sets (glibc's
  // allocator settings); the script's shell is replaced by Node, so the child is the server.
  const args = [...(options.nodeArgs ?? []), ...(compiled ? [server] : ["--import", "tsx", "server.ts"])];
  const child = spawn("sh", [START_SCRIPT, ...args], {
    cwd,
    env: {
      ...process.env,
      NODE: process.execPath,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stopped = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  onStop(() => {
    if (child.exitCode === null) child.kill("SIGTERM");
    return stopped;
  });
  for (const deadline = Date.now() + READY_MS; Date.now() < deadline; await sleep(250)) {
    if (child.exitCode !== null) throw new Error("the studio exited while starting");
    const ready = await fetch(`${origin}/api/ready`).catch(() => null);
    if (ready?.ok) return { child, origin };
  }
  throw new Error(`the studio did not become ready in ${READY_MS / 1000} s`);
}

/** Stops a studio started here and waits for it to exit. */
export function stopStudio(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** A response's session cookie, as a `cookie` header. */
export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Makes the owner's account on a fresh studio; answers their session cookie. */
export async function setUpOwner(
  origin: string,
  name = "Owner",
  email = "owner@studio.test",
): Promise<string> {
  const res = await fetch(`${origin}/api/setup`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ name, email, password: "bench password" }),
  });
  if (!res.ok) throw new Error(`set-up failed: ${res.status} ${await res.text()}`);
  return cookieOf(res);
}
