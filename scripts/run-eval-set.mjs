#!/usr/bin/env node
// Runs an evaluation set from CI and prints how its runs rank.
//
//   STUDIO_URL=https://studio.example.com STUDIO_TOKEN=mst_... \
//     node scripts/run-eval-set.mjs <set-id> [--model runware:100@1] [--width 1024] [--height 1024]
//       [--steps 30] [--cfg 7] [--scheduler NAME] [--compare 3] [--timeout 900]
//
// Starts a run of the set with those settings, waits for every case to finish (polling), then
// prints the set's comparison of this run beside the set's `--compare` runs before it (default 3),
// ranked by the team's mean rating, with this run's failed cases and why.
//
// Exit status: 0 when every case of the run made its result; 1 when a case failed, the run was
// cancelled or did not finish within `--timeout` seconds, or the studio refused a request (its
// errors are printed); 2 when the command line or the environment is wrong.
//
// Plain Node 20 (global fetch), no dependencies.

const USAGE =
  "usage: STUDIO_URL=... STUDIO_TOKEN=mst_... node scripts/run-eval-set.mjs <set-id> " +
  "[--model AIR] [--width N] [--height N] [--steps N] [--cfg N] [--scheduler NAME] [--compare N] [--timeout SECONDS]";
const POLL_MS = 2000;
const FINISHED = new Set(["done", "cancelled"]);

class Usage extends Error {}

class Refused extends Error {
  constructor(status, errors) {
    super(`The studio answered ${status}.`);
    this.status = status;
    this.errors = errors;
  }
}

function parseArgs(argv) {
  const options = {
    model: "runware:100@1",
    width: 1024,
    height: 1024,
    steps: undefined,
    cfg: undefined,
    scheduler: undefined,
    compare: 3,
    timeout: 900,
  };
  const numeric = new Set(["width", "height", "steps", "cfg", "compare", "timeout"]);
  let setId;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") throw new Usage("");
    if (arg.startsWith("--")) {
      const key = arg.slice(2);
      if (!(key in options)) throw new Usage(`Unknown option ${arg}.`);
      const value = argv[++i];
      if (value === undefined) throw new Usage(`${arg} needs a value.`);
      if (numeric.has(key)) {
        const n = Number(value);
        if (!Number.isFinite(n) || n < 0) throw new Usage(`${arg} takes a number, not "${value}".`);
        options[key] = n;
      } else options[key] = value;
    } else if (setId === undefined) setId = arg;
    else throw new Usage(`Unexpected argument "${arg}".`);
  }
  if (!setId) throw new Usage("Name the evaluation set to run (its id, from its page's address).");
  return { setId, ...options };
}

function environment() {
  const base = process.env.STUDIO_URL;
  const token = process.env.STUDIO_TOKEN;
  if (!base) throw new Usage("Set STUDIO_URL to the studio's address, such as https://studio.example.com.");
  if (!token) throw new Usage("Set STUDIO_TOKEN to an access token (Settings > Access tokens).");
  try {
    new URL(base);
  } catch {
    throw new Usage(`STUDIO_URL is not an address: "${base}".`);
  }
  return { base, token };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One call of the studio's API: its `data`, or a `Refused` with the studio's errors. */
async function api(env, method, path, body) {
  for (;;) {
    const response = await fetch(new URL(path, env.base), {
      method,
      headers: {
        authorization: `Bearer ${env.token}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const payload = await response.json().catch(() => null);
    // The token's request budget: wait as long as the studio asks, then try again.
    if (response.status === 429 && response.headers.get("retry-after")) {
      await sleep(Number(response.headers.get("retry-after")) * 1000);
      continue;
    }
    if (!response.ok) {
      const errors = Array.isArray(payload?.errors)
        ? payload.errors
        : [{ code: "httpError", message: `HTTP ${response.status}` }];
      throw new Refused(response.status, errors);
    }
    return payload?.data;
  }
}

function settingsOf(o) {
  const s = { model: o.model, width: o.width, height: o.height };
  if (o.steps !== undefined) s.steps = o.steps;
  if (o.cfg !== undefined) s.CFGScale = o.cfg;
  if (o.scheduler !== undefined) s.scheduler = o.scheduler;
  return s;
}

function ratingWords(run) {
  if (run.ratingAvg === null || run.ratingAvg === undefined) return "no ratings yet";
  return `mean rating ${run.ratingAvg.toFixed(2)} (${run.ratingCount} rating${run.ratingCount === 1 ? "" : "s"})`;
}

function voteWords(votes) {
  if (!votes) return "";
  return ` · blind votes: ${votes.wins} won, ${votes.losses} lost, ${votes.ties} tied`;
}

/** Best first: by mean rating (unrated last), then by blind-vote wins, then newest. */
function ranked(runs) {
  return [...runs].sort(
    (a, b) =>
      (b.ratingAvg ?? -1) - (a.ratingAvg ?? -1) ||
      (b.votes?.wins ?? 0) - (a.votes?.wins ?? 0) ||
      b.number - a.number,
  );
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const env = environment();
  const setPath = `/api/eval-sets/${encodeURIComponent(options.setId)}`;

  const started = await api(env, "POST", `${setPath}/runs`, settingsOf(options));
  const run = started.run;
  console.info(`Started run ${run.number}: ${run.label} (${run.cells} cases).`);

  const deadline = Date.now() + options.timeout * 1000;
  let current = run;
  let progress = "";
  while (!FINISHED.has(current.status)) {
    if (Date.now() > deadline) {
      console.error(
        `Run ${run.number} did not finish within ${options.timeout} s (${current.done} of ${current.cells} done).`,
      );
      return 1;
    }
    await sleep(POLL_MS);
    const runs = await api(env, "GET", `${setPath}/runs`);
    current = runs.find((r) => r.id === run.id) ?? current;
    const now = `${current.done + current.failed} of ${current.cells} finished (${current.status})`;
    if (now !== progress) console.info(`  ${now}`);
    progress = now;
  }

  // This run beside the newest runs before it that finished.
  const runs = await api(env, "GET", `${setPath}/runs`);
  const earlier = runs
    .filter((r) => r.id !== run.id && FINISHED.has(r.status))
    .slice(0, Math.max(0, Math.min(3, options.compare)))
    .map((r) => r.id);
  const comparison = await api(env, "GET", `${setPath}/compare?runs=${[run.id, ...earlier].join(",")}`);

  console.info("");
  console.info(
    `Ranking (${comparison.runs.length} run${comparison.runs.length === 1 ? "" : "s"}, ${comparison.cases.length} cases):`,
  );
  ranked(comparison.runs).forEach((r, i) => {
    const mark = r.id === run.id ? "  <- this run" : "";
    console.info(
      `  ${i + 1}. Run ${r.number}: ${r.label} · ${r.done}/${r.cells} done, ${r.failed} failed · ${ratingWords(r)}${voteWords(r.votes)}${mark}`,
    );
  });

  const mine = comparison.runs.find((r) => r.id === run.id);
  const failed = (mine?.results ?? [])
    .map((result, i) => ({ result, i }))
    .filter(({ result }) => result && result.status !== "done");
  if (failed.length > 0) {
    console.error("");
    console.error(
      `${failed.length} case${failed.length === 1 ? "" : "s"} of run ${run.number} did not make a result:`,
    );
    for (const { result, i } of failed) {
      const prompt = comparison.cases[i]?.prompt ?? "";
      console.error(
        `  case ${i + 1} (${prompt.slice(0, 60)}): ${result.status}${result.errors.length ? ` - ${result.errors.join("; ")}` : ""}`,
      );
    }
    return 1;
  }
  if (current.status !== "done") {
    console.error(`Run ${run.number} was ${current.status}.`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    if (err instanceof Usage) {
      if (err.message) console.error(err.message);
      console.error(USAGE);
      process.exitCode = 2;
    } else if (err instanceof Refused) {
      console.error(err.message);
      for (const e of err.errors)
        console.error(`  ${e.code}: ${e.message}${e.parameter ? ` (${e.parameter})` : ""}`);
      process.exitCode = 1;
    } else {
      console.error(`Could not reach the studio: ${err?.cause?.message ?? err?.message ?? err}`);
      process.exitCode = 1;
    }
  },
);
