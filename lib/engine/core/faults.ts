import { type ServiceError, serviceErrors } from "@/lib/protocol/errors";

/**
 * Failures on demand, for tests of what a studio does when an inference fails: off unless
 * `ENGINE_FAULTS` lists markers. A task whose prompt holds a marker fails the first time that
 * prompt runs, with the error the real service sends for an inference that broke on its worker;
 * the same prompt sent again (a retry) runs normally. Keyed by the whole prompt, so tests running
 * side by side on one engine each fail their own task once, whatever the order.
 */
export class FaultInjector {
  private readonly failed = new Set<string>();

  constructor(private readonly markers: readonly string[]) {}

  get enabled(): boolean {
    return this.markers.length > 0;
  }

  /** The error this task meets by rule, or null when it runs normally. */
  failureFor(task: { positivePrompt?: unknown }): ServiceError | null {
    if (this.markers.length === 0) return null;
    const prompt = typeof task.positivePrompt === "string" ? task.positivePrompt : "";
    if (!this.markers.some((m) => prompt.includes(m)) || this.failed.has(prompt)) return null;
    this.failed.add(prompt);
    return serviceErrors.internalServerError(
      "The inference stopped on the service's worker before it finished. Try again; report it if it persists.",
    );
  }
}

/** `ENGINE_FAULTS`: markers separated by commas; empty turns fault injection off. */
export function parseFaultMarkers(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((m) => m.trim())
    .filter((m) => m.length > 0);
}
