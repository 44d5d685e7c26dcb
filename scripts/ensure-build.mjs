// `npm start` on a fresh clone: build once if there is no production build yet.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

if (!existsSync(".next/BUILD_ID")) {
  console.info("No production build found: running `next build` first (once).");
  const result = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The server compiled ahead of time (a few seconds), when missing or older than its sources' build.
if (
  !existsSync(".build/server.mjs") ||
  statSync(".build/server.mjs").mtimeMs < statSync(".next/BUILD_ID").mtimeMs
) {
  const result = spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
