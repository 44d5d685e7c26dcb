import { defineConfig } from "@playwright/test";
import { OWNER_STATE } from "./e2e/fixtures/accounts";
import { e2eDataName } from "./e2e/fixtures/data-dir";
import { CHROMIUM_ARGS, chromiumPath } from "./scripts/chromium-path";

/**
 * Port of the production server the specs run against; 3100 so a dev server on 3000 is untouched.
 * `E2E_PORT` moves it, with a data folder of its own (`data/e2e-<port>`), so two runs on one machine,
 * from one checkout or two, can go side by side.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** The server's data folder (e2e/fixtures/data-dir.ts), emptied as it starts. */
const dataDir = `data/${e2eDataName()}`;

/** Debian's Chromium (scripts/chromium-path.ts): Playwright's own downloads are unavailable here. */
const executablePath = chromiumPath();

/** Specs that hold the team's queue and limits for minutes (see the "team-wide" project). */
const TEAM_WIDE = /queue-experiment\.spec\.ts$/;

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  // Two cores: one worker per core; the server shares them.
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  // Waits are on what the page says, never on time; these only bound how long a wrong page is
  // waited on. Two cores shared by the server, the engine and two software-painted browsers take
  // seconds for what a laptop does at once, so the bounds are wide rather than retried.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A click on what is not there fails within this, not at the test's whole timeout.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    browserName: "chromium",
    viewport: { width: 1440, height: 900 },
    colorScheme: "dark",
    // As a person who asked for less motion: nothing repaints on its own between two checks.
    reducedMotion: "reduce",
    // Recording a trace of every test more than doubles the browser's and the runner's CPU (its
    // screencast alone keeps Chromium painting and encoding every frame), whether the test fails
    // or not. Only a retry is recorded: in CI a failing test runs once more, traced; elsewhere
    // `npx playwright test --trace retain-on-failure <spec>` records the one being looked into.
    trace: "on-first-retry",
    launchOptions: {
      executablePath,
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [
    // A fresh studio's first visit: creates the owner whose session the other specs use.
    { name: "setup", testMatch: /.*\.setup\.ts$/ },
    {
      name: "studio",
      dependencies: ["setup"],
      testIgnore: [/.*\.setup\.ts$/, TEAM_WIDE],
      use: { storageState: OWNER_STATE },
    },
    // Specs that change what the whole team shares while they run (the team's limits, tasks held
    // at the service for minutes), so no other spec may run beside them: `npm run test:e2e` runs
    // this project on its own, after the studio project, against a fresh studio.
    {
      name: "team-wide",
      dependencies: ["setup"],
      testMatch: TEAM_WIDE,
      use: { storageState: OWNER_STATE },
    },
  ],
  webServer: {
    // The production server as `npm start` runs it, compiled by `npm run build` (npm test builds
    // first). The data folder is emptied first so every run starts from a fresh studio.
    command: `node -e "require('node:fs').rmSync('${dataDir}', { recursive: true, force: true })" && node .build/server.mjs`,
    url: baseURL,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      // The embedded engine keeps its data under DATA_DIR (data/e2e/engine).
      DATA_DIR: `./${dataDir}`,
      // Prompts holding these meet the engine's faults (lib/engine/core/faults.ts). "(fails once)"
      // fails one task, through each of the studio's three automatic tries (e2e/experiments.spec.ts
      // retries it by hand); "(fails twice)" fails two tries, so the third keeps a result
      // (e2e/service-faults.spec.ts); "(second refused)" refuses the second result of a task;
      // "(too large)" refuses a task once as too large (e2e/create-upload.spec.ts sends it smaller);
      // "(held)" tasks never run, a queue that stays long (e2e/queue-long.spec.ts).
      ENGINE_FAULTS:
        "(fails once)=internalServerError*3,(fails twice)=internalServerError*2,(second refused)=nsfwContentDetected@1,(too large)=payloadTooLarge*1,(held)=held",
    },
    // A stale server from another checkout would be tested silently: always start our own.
    reuseExistingServer: false,
    // Starting takes seconds on a quiet machine and minutes on one busy with other work.
    timeout: 240_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
