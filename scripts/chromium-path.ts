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
 * tests pay: no sandbox (containers), software painting, no background traffic.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
