/**
 * Stroke to paint on the canvas: how long from a pointer move to the frame that shows it, on a
 * 2048 x 2048 picture with an inpaint mask being painted, in Debian's Chromium against the
 * production studio; beside it, in the same page and browser, a bare Konva stage of the same size
 * with the same picture and one line that grows on every move (Konva's own floor for this).
 * Each move is timed from its dispatch to the task after the next animation frame, i.e. after
 * the paint that shows it.
 *
 * Runs the production build (`npm run build` first) on a free port with a throwaway DATA_DIR.
 *
 *   npm run bench:canvas            (BENCH_MOVES=400 for more)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { seedPicture } from "../e2e/fixtures/images";
import { ROOT } from "../e2e/fixtures/processes";
import { chromiumPath } from "../scripts/chromium-path";
import { onStop, stopAll } from "./stop-on-exit";
import { setUpOwner, startStudio } from "./studio-process";

const MOVES = Number(process.env.BENCH_MOVES ?? 200);
const SIZE = 2048;
const dataDir = mkdtempSync(path.join(tmpdir(), "studio-bench-"));
onStop(() => rmSync(dataDir, { recursive: true, force: true }));

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * Moves a pressed pointer across `selector`'s middle, one move per frame, and answers each move's
 * time to paint. A string, not a function: tsx's transform would add helpers the page lacks.
 */
const strokeScript = (selector: string, moves: number) => `(async () => {
  const target = document.querySelector(${JSON.stringify(selector)});
  const box = target.getBoundingClientRect();
  const at = (i) => ({ clientX: box.left + box.width * (0.2 + 0.6 * (i / ${moves})), clientY: box.top + box.height * (0.5 + 0.2 * Math.sin(i / 9)) });
  const fire = (type, i) => target.dispatchEvent(new PointerEvent(type, { ...at(i), bubbles: true, cancelable: true, pointerId: 1, pointerType: "mouse", isPrimary: true, button: 0, buttons: type === "pointerup" ? 0 : 1, pressure: type === "pointerup" ? 0 : 0.5 }));
  const painted = () => new Promise((resolve) => requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => resolve(); c.port2.postMessage(0); }));
  fire("pointerdown", 0);
  await painted();
  const times = [];
  for (let i = 1; i <= ${moves}; i++) {
    const start = performance.now();
    fire("pointermove", i);
    await painted();
    times.push(performance.now() - start);
  }
  fire("pointerup", ${moves});
  await painted();
  return times;
})()`;

/** A bare Konva stage over the page, as large as the studio's, with a picture as large fitted the same way. */
const bareStage = (width: number, height: number, scale: number, x: number, y: number) => `(async () => {
  const host = document.createElement("div");
  host.id = "bare-konva";
  host.style.cssText = "position:fixed;left:0;top:0;z-index:9999;background:#111";
  document.body.append(host);
  const image = document.createElement("canvas");
  image.width = ${SIZE};
  image.height = ${SIZE};
  const g = image.getContext("2d");
  const fill = g.createLinearGradient(0, 0, 0, ${SIZE});
  fill.addColorStop(0, "#f4a261");
  fill.addColorStop(1, "#264653");
  g.fillStyle = fill;
  g.fillRect(0, 0, ${SIZE}, ${SIZE});
  const stage = new Konva.Stage({ container: host, width: ${width}, height: ${height}, x: ${x}, y: ${y}, scaleX: ${scale}, scaleY: ${scale} });
  const base = new Konva.Layer({ listening: false });
  base.add(new Konva.Image({ image, width: ${SIZE}, height: ${SIZE} }));
  const paint = new Konva.Layer({ listening: false, opacity: 0.6 });
  stage.add(base, paint);
  let line = null;
  stage.on("pointerdown", () => { const p = stage.getRelativePointerPosition(); line = new Konva.Line({ points: [p.x, p.y], stroke: "#f43f5e", strokeWidth: 48, lineCap: "round", lineJoin: "round" }); paint.add(line); paint.batchDraw(); });
  stage.on("pointermove", () => { if (!line) return; const p = stage.getRelativePointerPosition(); line.points(line.points().concat([p.x, p.y])); paint.batchDraw(); });
  stage.on("pointerup", () => { line = null; });
  base.draw();
})()`;

try {
  const { origin } = await startStudio({ DATA_DIR: dataDir, ENGINE_DATA_DIR: path.join(dataDir, "engine") });
  const cookie = await setUpOwner(origin);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  onStop(() => browser.close());
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
    }),
  );
  const page = await context.newPage();
  await page.goto("/create/canvas");
  await page.locator("[data-testid=canvas-page][aria-busy=false]").waitFor();
  await page.getByTestId("canvas-picture-file").setInputFiles(await seedPicture(SIZE, SIZE));
  await page.getByText(`Picture, ${SIZE} × ${SIZE}`).waitFor();
  await page.getByRole("button", { name: "Inpaint mask", exact: true }).click();
  await page.keyboard.press("b");
  const stage = page.getByTestId("canvas-stage");
  const content = "[data-testid=canvas-stage] .konvajs-content";
  await page.locator(content).waitFor();

  const studio: number[] = [];
  const bare: number[] = [];
  // Alternating rounds, so the machine's other work weighs on both alike.
  for (let round = 0; round < 3; round++) {
    studio.push(...((await page.evaluate(strokeScript(content, MOVES))) as number[]));
    const box = await stage.boundingBox();
    const [vx = 0, vy = 0, scale = 1] = ((await stage.getAttribute("data-view")) ?? "")
      .split(",")
      .map(Number);
    if (round === 0) await page.addScriptTag({ path: path.join(ROOT, "node_modules/konva/konva.min.js") });
    await page.evaluate(bareStage(box?.width ?? 800, box?.height ?? 600, scale, vx, vy));
    bare.push(...((await page.evaluate(strokeScript("#bare-konva .konvajs-content", MOVES))) as number[]));
    await page.evaluate(`document.getElementById("bare-konva").remove()`);
  }

  console.info(`\nMedia Studio canvas, stroke to paint at ${SIZE} x ${SIZE} (${studio.length} moves each)`);
  console.info(`  studio canvas    median ${ms(quantile(studio, 0.5))}, p95 ${ms(quantile(studio, 0.95))}`);
  console.info(`  bare Konva layer median ${ms(quantile(bare, 0.5))}, p95 ${ms(quantile(bare, 0.95))}`);
  console.info(
    `bench:canvas: stroke to paint at ${SIZE} px median ${ms(quantile(studio, 0.5))}, p95 ${ms(quantile(studio, 0.95))} (bare Konva layer: ${ms(quantile(bare, 0.5))}, p95 ${ms(quantile(bare, 0.95))})`,
  );
} finally {
  await stopAll();
}
