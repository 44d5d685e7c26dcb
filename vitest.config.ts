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
const pureButIsolated = [
  "lib/client/endpoint-client.test.ts",
  "lib/client/experiments/label-measure.test.ts",
  "lib/client/prompts/history-url.test.ts",
];
/**
 * The components' tests (a DOM of their own, each test unmounting what it drew) that replace no
 * module, spy on nothing shared and keep the real clock: one module graph per worker serves them,
 * where loading React and the testing library again cost each file more than its tests did.
 * `scripts/test-projects.test.ts` holds them to that.
 */
export const componentsShared = [
  "components/comments/comment-box.test.tsx",
  "components/experiments/grid-cell.test.tsx",
  "components/gallery/use-grid-focus.test.tsx",
  "components/votes/ballot-criteria.test.tsx",
  "components/votes/criteria-rankings.test.tsx",
  "components/votes/four-ties.test.tsx",
  "components/votes/pair-question.test.tsx",
  "components/votes/set-draft.test.tsx",
  "components/votes/start-vote-dialog.test.tsx",
];
/**
 * Tests of the server, the engine, the upstream client and the platform helpers: see the `shared`
 * project. Their databases, servers and sockets are opened and closed by each file itself.
 */
const serverSide = [
  "lib/server/**/*.test.ts",
  "lib/engine/**/*.test.ts",
  "lib/upstream/**/*.test.ts",
  "lib/platform/**/*.test.ts",
];
/**
 * Of those, the files that replace a module, spy on a shared object, stop the clock or read an
 * environment of their own: what they change would be seen by the files after them in one module
 * graph, so each keeps a graph of its own. `scripts/test-projects.test.ts` finds any new one.
 */
export const serverSideIsolated = [
  "lib/engine/keys/key-store.test.ts",
  "lib/engine/render/paced-renderer.test.ts",
  "lib/platform/atomic-write.test.ts",
  "lib/server/auth/access-tokens.test.ts",
  "lib/server/auth/sign-in-limit.test.ts",
  "lib/server/db/embedded-database.test.ts",
  "lib/server/db/embedded-recycle.test.ts",
  "lib/server/http/api-fuzz.test.ts",
  "lib/server/http/handle.test.ts",
  "lib/server/ops/metrics-singleton.test.ts",
  "lib/server/presence/load.test.ts",
  "lib/server/rate-limits/rate-limits.test.ts",
  "lib/server/stream/relay-limits.test.ts",
  "lib/server/stream/relay.test.ts",
  "lib/server/votes/guest-votes.test.ts",
  "lib/upstream/ws-backoff.test.ts",
  "lib/upstream/ws-session.test.ts",
  "lib/upstream/ws-too-big.test.ts",
];

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
        test: {
          name: "shared",
          include: serverSide,
          exclude: serverSideIsolated,
          // Importing the server's modules (the database drivers, the schemas, sharp) cost each
          // file more than its tests did; one module graph per worker loads them once. Each file
          // still opens and closes its own database, server and sockets.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "isolated",
          include: everything,
          exclude: [...pure, ...serverSide, ...componentsShared],
        },
      },
      {
        extends: true,
        test: { name: "components-shared", include: componentsShared, isolate: false },
      },
      {
        extends: true,
        test: { name: "server-isolated", include: serverSideIsolated },
      },
      {
        extends: true,
        // A DOM and module mocks of their own: a module graph of their own too.
        test: { name: "dom", include: pureButIsolated },
      },
    ],
  },
});
