/**
 * Time from Generate to the first image shown: a 1024x1024 text-to-image on the Create page, in
 * Debian's Chromium against the production studio and its embedded engine, beside the engine's
 * own time for the same request (`POST /v1`, sync, then the image's bytes fetched), each round
 * alternating the two. The studio's figure covers the form's validation, `POST /api/tasks`, the
 * render, the result kept into studio storage, the relay to the tab and the image decoded on the
 * page. Target: the studio adds under 150 ms at the median.
 *
 * Runs the production build (`npm run build` first) on a free port with a throwaway DATA_DIR.
 *
 *   npm run bench:create            (BENCH_ROUNDS=20 for more)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { freePort, startProcess, stopProcess } from "../e2e/fixtures/processes";
import { chromiumPath } from "../scripts/chromium-path";
import { onStop, stopAll } from "./stop-on-exit";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const KEY = `bench-${crypto.randomUUID()}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "studio-bench-"));
onStop(() => rmSync(dataDir, { recursive: true, force: true }));
const port = await freePort();
const origin = `http://localhost:${port}`;

const PROMPT = "a lighthouse on a cliff at dusk, volumetric light";

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
    `http://127.0.0.1:${port}/sign-in`,
  );
  onStop(() => stopProcess(server));
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  onStop(() => browser.close());
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
  const setup = await context.request.post("/api/setup", {
    headers: { origin },
    data: { name: "Bench", email: "bench@studio.test", password: "bench password" },
  });
  if (!setup.ok()) throw new Error(`set-up failed: ${setup.status()}`);
  const page = await context.newPage();
  await page.goto("/create/text-to-image");
  await page.locator("form[aria-busy=false]").waitFor();
  await page.locator("[data-stream-state=live]").waitFor();
  await page.locator("#f-positivePrompt").fill(PROMPT);
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");

  /** One Generate: milliseconds until the new result's image has loaded on the page. */
  // A string, not a function: the bench runs through tsx, whose transform would add helpers the
  // page does not have to a function passed to evaluate.
  const viaStudio = async (seen: number): Promise<number> =>
    page.evaluate(`new Promise((resolve) => {
      const start = performance.now();
      const check = () => {
        const imgs = document.querySelectorAll("[data-testid=result-item] img");
        const first = imgs[0];
        if (imgs.length > ${seen} && first && first.complete && first.naturalWidth > 0) resolve(performance.now() - start);
        else requestAnimationFrame(check);
      };
      document.querySelector("button[type=submit]").click();
      requestAnimationFrame(check);
    })`) as Promise<number>;

  const direct = async (): Promise<number> => {
    const start = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/v1`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify([
        {
          taskType: "imageInference",
          taskUUID: crypto.randomUUID(),
          positivePrompt: PROMPT,
          model: "runware:100@1",
          width: 1024,
          height: 1024,
          numberResults: 1,
        },
      ]),
    });
    const body = (await res.json()) as { data: { imageURL: string }[] };
    const url = body.data[0]?.imageURL;
    if (!url) throw new Error(`engine answered ${res.status}`);
    await (await fetch(url)).arrayBuffer();
    return performance.now() - start;
  };

  const studio: number[] = [];
  const engine: number[] = [];
  // One of each first: warms the renderer's workers and the page's code paths.
  await viaStudio(0);
  await direct();
  for (let i = 0; i < ROUNDS; i++) {
    const seen = await page.locator("[data-testid=result-item]").count();
    studio.push(await viaStudio(seen));
    engine.push(await direct());
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  console.info(`\n1024x1024 text-to-image, ${ROUNDS} rounds alternating`);
  console.info(`${"".padEnd(40)}median ms   max ms`);
  console.info(
    `${"studio: Generate to image shown".padEnd(40)}${median(studio).toFixed(0).padStart(9)}${Math.max(
      ...studio,
    )
      .toFixed(0)
      .padStart(9)}`,
  );
  console.info(
    `${"engine: POST /v1 sync + image bytes".padEnd(40)}${median(engine).toFixed(0).padStart(9)}${Math.max(
      ...engine,
    )
      .toFixed(0)
      .padStart(9)}`,
  );
  console.info(
    `studio adds ${(median(studio) - median(engine)).toFixed(0)} ms at the median (target < 150 ms)`,
  );
} finally {
  await stopAll();
}
