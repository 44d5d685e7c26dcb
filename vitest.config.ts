import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const everything = [
  "lib/**/*.test.ts",
  "components/**/*.test.ts",
  "components/**/*.test.tsx",
  "app/**/*.test.ts",
  "scripts/**/*.test.ts",
  "deploy/**/*.test.ts",
  "bench/**/*.test.ts",
];
/** Tests of the layers below the server that import nothing of it: see the `pure` project. */
const pure = ["lib/protocol/**/*.test.ts", "lib/studio/**/*.test.ts", "lib/client/**/*.test.ts"];
/** Of those, the ones with an environment of their own (a DOM), which needs a module graph of its own. */
const pureButIsolated = ["lib/client/endpoint-client.test.ts", "lib/client/prompts/history-url.test.ts"];

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
    environment: "node",
    pool: "forks",
    // Vitest's default on a two-core machine is one file at a time (cores - 1); the storage tests
    // wait on their database's own thread and the engine's on ffmpeg, so two files at once keep
    // both cores busy and the suite takes half the time.
    maxWorkers: 2,
    testTimeout: 20_000,
    // The server's JSON log lines stay out of test output unless something goes wrong.
    env: { LOG_LEVEL: "warn" },
    projects: [
      {
        extends: true,
        test: {
          name: "pure",
          include: pure,
          exclude: pureButIsolated,
          // These modules hold no process state a test could leave behind (no database, server,
          // mock of a module or environment of their own), so one module graph serves every file:
          // loading it afresh for each file cost more than running the file's tests.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "isolated", include: everything, exclude: pure },
      },
      {
        extends: true,
        // A DOM and module mocks of their own: a module graph of their own too.
        test: { name: "dom", include: pureButIsolated },
      },
    ],
  },
});
