/**
 * What a bench started (servers, browsers, temporary folders), stopped in reverse order when the
 * bench ends: after its last figure, on an error, or on Ctrl+C or SIGTERM. A bench that fails half
 * way leaves nothing running behind it.
 *
 *   const server = await startProcess(...);
 *   onStop(() => stopProcess(server));
 *   try { ...measure... } finally { await stopAll(); }
 */

const steps: (() => unknown)[] = [];
let stopping: Promise<void> | null = null;

/** Registers a step to run when the bench stops (the last registered runs first). */
export function onStop(step: () => unknown): void {
  steps.push(step);
}

/** Runs every registered step once, newest first; a failing step is reported and the rest still run. */
export function stopAll(): Promise<void> {
  stopping ??= (async () => {
    for (let step = steps.pop(); step; step = steps.pop()) {
      try {
        await step();
      } catch (err) {
        console.error(`stopping: ${(err as Error).message}`);
      }
    }
    // A bench that starts a second studio after stopping the first registers its steps anew.
    stopping = null;
  })();
  return stopping;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(128 + (signal === "SIGINT" ? 2 : 15)));
  });
}
