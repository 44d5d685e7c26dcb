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
    testTimeout: 20_000,
    // The server's JSON log lines stay out of test output unless something goes wrong.
    env: { LOG_LEVEL: "warn" },
  },
});
