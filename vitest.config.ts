import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // `server-only` throws when imported outside a React Server Component bundle; tests run
      // server modules directly in Node, which is exactly the environment it guards for.
      "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "components/**/*.test.ts",
      "components/**/*.test.tsx",
      "app/**/*.test.ts",
      "scripts/**/*.test.ts",
      "deploy/**/*.test.ts",
    ],
    environment: "node",
    pool: "forks",
    // Vitest's default on a two-core machine is one file at a time (cores - 1); the storage tests
    // wait on their database's own thread and the engine's on ffmpeg, so two files at once keep
    // both cores busy and the suite takes half the time.
    maxWorkers: 2,
    testTimeout: 20_000,
    // The server's JSON log lines stay out of test output unless something goes wrong.
    env: { LOG_LEVEL: "warn" },
  },
});
