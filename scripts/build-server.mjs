// `npm run build`, after `next build`: compiles server.ts, the render worker and the embedded
// database's thread ahead of time into `.build/` (plain ESM, dependencies left in node_modules), so
// `npm start` runs Node alone: no TypeScript compiler loaded at run time in the server or its threads.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { build } from "esbuild";

rmSync(".build", { recursive: true, force: true });

await build({
  entryPoints: {
    server: "server.ts",
    "render-worker": "lib/engine/render/worker/render-worker.ts",
    "pglite-worker": "lib/server/db/embedded/pglite-worker.mjs",
  },
  outdir: ".build",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  // Packages are loaded from node_modules as they are (native addons, Next.js, WASM files);
  // only the studio's own TypeScript is compiled.
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20.19",
  // The server is the server: `server-only` (a guard for client bundles) is an empty module here,
  // as the resolve hook makes it under tsx.
  alias: { "server-only": "./scripts/server-only-empty.mjs" },
  plugins: [
    {
      // ...so the hook tsx needs is not registered (its file is not beside the compiled server).
      name: "no-server-only-hook",
      setup(b) {
        b.onResolve({ filter: /register-server-only\.mjs$/ }, () => ({
          path: new URL("./server-only-empty.mjs", import.meta.url).pathname,
        }));
      },
    },
  ],
  tsconfig: "tsconfig.json",
  sourcemap: "linked",
  logLevel: "warning",
  legalComments: "none",
});
console.info("Compiled the server into .build/");

// An empty embedded database, dumped for the PGlite installed: a studio's first start loads it
// rather than running initdb. new-database.ts names the file, writes it and reads it; run with tsx,
// as the module is the studio's TypeScript.
const dumped = spawnSync(
  process.execPath,
  [
    createRequire(import.meta.url).resolve("tsx/cli"),
    "--import",
    "./scripts/register-server-only.mjs",
    "scripts/dump-empty-database.ts",
  ],
  { stdio: "inherit" },
);
if (dumped.status !== 0) process.exit(dumped.status ?? 1);
