/**
 * Records how long a running studio takes for tasks and grids of different sizes, as a person
 * sends them (one task from Create, a grid from Vary through the experiment runner), and prints
 * each task's timing as the studio's task table holds it. The fixture of
 * lib/studio/spend/pace.test.ts was recorded with it, on a fresh studio with the built-in engine:
 *
 *   DATABASE_URL=postgres://… npx tsx server.ts    (another shell; PORT=3206)
 *   STUDIO_URL=http://127.0.0.1:3206 DATABASE_URL=postgres://… npx tsx scripts/record-task-timings.ts > timings.json
 */
import { randomUUID } from "node:crypto";
import pg from "pg";

const STUDIO = process.env.STUDIO_URL ?? "http://127.0.0.1:3000";
const OWNER = { name: "Timing Recorder", email: "timings@studio.test", password: "timings recorder" };

interface Plan {
  label: string;
  /** 1: a task from Create; more: a grid of this many seeds. */
  cells: number;
  images: number;
  width: number;
  height: number;
  steps: number;
  concurrency?: number;
}

const PLANS: Plan[] = [
  { label: "one image from Create", cells: 1, images: 1, width: 512, height: 512, steps: 20 },
  { label: "four images from Create", cells: 1, images: 4, width: 1024, height: 1024, steps: 20 },
  { label: "nine cells of three", cells: 9, images: 3, width: 512, height: 512, steps: 20 },
  { label: "one large image from Create", cells: 1, images: 1, width: 1024, height: 1024, steps: 30 },
  { label: "four large cells", cells: 4, images: 1, width: 1024, height: 1024, steps: 30 },
  { label: "six cells of two", cells: 6, images: 2, width: 768, height: 768, steps: 20 },
  { label: "twelve small cells", cells: 12, images: 1, width: 256, height: 256, steps: 10 },
  { label: "two images from Create", cells: 1, images: 2, width: 768, height: 768, steps: 20 },
  { label: "nine large cells of three", cells: 9, images: 3, width: 1024, height: 1024, steps: 20 },
  { label: "three cells of four", cells: 3, images: 4, width: 768, height: 768, steps: 25 },
  { label: "one small image from Create", cells: 1, images: 1, width: 256, height: 256, steps: 20 },
  {
    label: "sixteen cells two at a time",
    cells: 16,
    images: 1,
    width: 512,
    height: 512,
    steps: 20,
    concurrency: 2,
  },
  { label: "four wide images from Create", cells: 1, images: 4, width: 1024, height: 576, steps: 20 },
  { label: "eight wide cells of two", cells: 8, images: 2, width: 1024, height: 576, steps: 20 },
  { label: "nine cells of three again", cells: 9, images: 3, width: 512, height: 512, steps: 20 },
  { label: "twenty cells of one", cells: 20, images: 1, width: 768, height: 768, steps: 20 },
];

let cookie = "";

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${STUDIO}${path}`, {
    method,
    headers: { "content-type": "application/json", origin: STUDIO, cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const set = res.headers.getSetCookie();
  if (set.length > 0) cookie = set.map((c) => c.split(";")[0]).join("; ");
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as { data?: unknown }).data : null;
}

async function signIn() {
  try {
    await call("POST", "/api/setup", OWNER);
  } catch {
    await call("POST", "/api/auth/sign-in/email", { email: OWNER.email, password: OWNER.password });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The task UUIDs a plan sent, once every one has finished. */
async function run(plan: Plan, take: number): Promise<string[]> {
  const base = {
    taskType: "imageInference",
    positivePrompt: `a lighthouse on a cliff at dusk, take ${take}`,
    model: "runware:100@1",
    width: plan.width,
    height: plan.height,
    steps: plan.steps,
    numberResults: plan.images,
    outputFormat: "JPG",
  };
  if (plan.cells === 1) {
    const taskUUID = randomUUID();
    await call("POST", "/api/tasks", [{ ...base, taskUUID, deliveryMethod: "async" }]);
    for (;;) {
      const view = (await call("GET", `/api/tasks/${taskUUID}`)) as {
        task?: { status: string };
        status?: string;
      };
      const status = view.task?.status ?? view.status;
      if (status === "success" || status === "error") return [taskUUID];
      await sleep(200);
    }
  }
  const created = (await call("POST", "/api/experiments", {
    name: plan.label,
    base,
    axes: [{ kind: "seedCount", start: 1 + take * 100, count: plan.cells }],
    ...(plan.concurrency ? { concurrency: plan.concurrency } : {}),
  })) as { id: string };
  for (;;) {
    const view = (await call("GET", `/api/experiments/${created.id}`)) as {
      status: string;
      cells: { taskUUID: string | null }[];
    };
    if (view.status === "done") return view.cells.flatMap((c) => (c.taskUUID ? [c.taskUUID] : []));
    await sleep(250);
  }
}

async function main() {
  await signIn();
  const sent: { plan: Plan; uuids: string[] }[] = [];
  for (const [i, plan] of PLANS.entries()) {
    sent.push({ plan, uuids: await run(plan, i) });
    process.stderr.write(`${plan.label}: done\n`);
    // Apart, so that each run is its own burst of tasks.
    await sleep(1500);
  }
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const all = sent.flatMap((s) => s.uuids);
  const { rows } = await db.query<{
    task_uuid: string;
    created_at: Date;
    completed_at: Date | null;
    status: string;
  }>("select task_uuid, created_at, completed_at, status from task where task_uuid = any($1::uuid[])", [all]);
  await db.end();
  const byUUID = new Map(rows.map((r) => [r.task_uuid, r]));
  const origin = Math.min(...rows.map((r) => r.created_at.getTime()));
  const runs = sent.map(({ plan, uuids }) => ({
    label: plan.label,
    concurrency: plan.cells === 1 ? 1 : (plan.concurrency ?? 4),
    width: plan.width,
    height: plan.height,
    steps: plan.steps,
    images: plan.images,
    tasks: uuids
      .map((u) => byUUID.get(u))
      .filter((r) => r?.status === "success" && r.completed_at)
      .map((r) => ({
        createdMs: (r?.created_at.getTime() ?? 0) - origin,
        completedMs: (r?.completed_at?.getTime() ?? 0) - origin,
      }))
      .sort((a, b) => a.createdMs - b.createdMs),
  }));
  process.stdout.write(
    `${JSON.stringify({ recorded: new Date().toISOString().slice(0, 10), runs }, null, 1)}\n`,
  );
}

void main();
