import { existsSync } from "node:fs";

/**
 * The Chromium the browser tests and benchmarks drive. Playwright's own downloads are not
 * available here, so it is Debian's: `CHROMIUM_PATH` when set, else the headless shell
 * (`apt-get install chromium-headless-shell`, the same build Playwright itself runs headless:
 * no window system, a fraction of the full browser's CPU per page), else the full browser.
 */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  for (const candidate of ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"]) {
    if (existsSync(candidate)) return candidate;
  }
  return "/usr/bin/chromium";
}

/**
 * The switches the browser tests start Chromium with, and the benches that measure what those
 * tests pay: no sandbox (containers), software painting, no background traffic, and fewer
 * processes for each page.
 *
 * Every test opens a fresh context, so what Chromium starts for a context is paid again in each.
 * `npm run bench:page-load` with PAGE_LOAD_ARGS_B (the last four switches against the rest, pages
 * opened in turn, four rounds, on the 2-core machine shared with other work): one page load in a
 * fresh context took 2.44 s of Chromium's CPU without them and 2.22 s with them (-0.20 s per load,
 * 4 to 8% by page; the same switches against themselves differed by 0.01 s). Fifteen browser test
 * files (71 tests, canvas, gallery, video, experiments, create, layout) took 442 s of Chromium's CPU
 * without them and 418 s with them, run one after the other on the machine about as busy.
 *
 * Not `--disable-threaded-compositing`: a page load then cost a third less of Chromium's CPU, but
 * only because the headless shell draws no frames at all without its compositor thread:
 * `requestAnimationFrame` never runs, and a click, which waits for two frames, waits for ever.
 *
 * Feature switches (`--enable-features`, `--disable-features`) stay out: Chromium keeps only the
 * last of each, so one here would replace Playwright's own lists.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // The display compositor (software only, with --disable-gpu) runs in the browser's own process
  // instead of a GPU process of its own: one process and its messages fewer.
  "--in-process-gpu",
  // The studio is one origin: no process split by site, and one renderer for its pages.
  "--disable-site-isolation-trials",
  "--process-per-site",
  "--renderer-process-limit=1",
];
