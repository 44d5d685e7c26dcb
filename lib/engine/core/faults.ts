import "server-only";
import type { ServiceError } from "@/lib/protocol/errors";
import { serviceErrors } from "@/lib/protocol/errors";

/**
 * Failures on demand, for tests of what a studio does when the service is not on its happy path:
 * off unless `ENGINE_FAULTS` lists rules. Each rule names a marker; a task whose prompt holds it
 * meets the rule. Rules are keyed by the whole prompt, so tests running side by side on one engine
 * each meet their own, whatever the order.
 *
 * A rule is `marker` or `marker=kind`:
 * - `marker` or `marker=<code>*<n>`: the first task sent with such a prompt fails as a whole, its
 *   first `n` runs (default 1), with `<code>` (default `internalServerError`, what the real
 *   service sends for an inference that broke on its worker). A run is that task sent again with
 *   the same parameters (a client's retry, under a new taskUUID); other tasks with the same prompt
 *   (another seed or CFG) run normally, as do later runs.
 * - `marker=<code>@<i>`: result number `i` (0-based) of the task fails with `<code>`, every run;
 *   the other results are made.
 * - `marker=lag<ms>`: `getResponse` answers `taskNotFound` for the task's first `ms` milliseconds
 *   (a service slow to register a task it has acknowledged).
 * - `marker=held`: the task is accepted and never runs; it stays `processing` until the engine
 *   stops (a busy service, for benches and tests of a long queue).
 */
export type FaultRule =
  | { marker: string; kind: "task"; code: string; times: number }
  | { marker: string; kind: "slot"; code: string; index: number }
  | { marker: string; kind: "lag"; ms: number }
  | { marker: string; kind: "held" };

const MESSAGES: Record<string, string> = {
  internalServerError:
    "The inference stopped on the service's worker before it finished. Try again; report it if it persists.",
  serviceUnavailable: "The service is temporarily unavailable. Try again shortly.",
  rateLimitExceeded: "Too many requests at once. Try again shortly.",
  nsfwContentDetected: "The generated content was flagged by the safety checker.",
  payloadTooLarge: "The request is too large for the service. Send smaller images.",
};

function errorFor(code: string): ServiceError {
  if (code === "internalServerError") return serviceErrors.internalServerError(MESSAGES[code]);
  return { code, message: MESSAGES[code] ?? `The task failed (${code}).` };
}

/** A task's parameters but for its UUID and webhook: the same for a retry of it. */
function identityOf(task: Record<string, unknown>): string {
  const kept = Object.entries(task).filter(([key]) => key !== "taskUUID" && key !== "webhookURL");
  return JSON.stringify(kept.sort(([a], [b]) => (a < b ? -1 : 1)));
}

export class FaultInjector {
  /** Per prompt: the task that meets its rule, and how many of its runs did. */
  private readonly victims = new Map<string, { identity: string; runs: number }>();
  private readonly rules: FaultRule[];

  constructor(rules: readonly (FaultRule | string)[]) {
    this.rules = rules.map((r) => (typeof r === "string" ? parseFaultRule(r) : r));
  }

  get enabled(): boolean {
    return this.rules.length > 0;
  }

  private rule<K extends FaultRule["kind"]>(kind: K, prompt: string): Extract<FaultRule, { kind: K }> | null {
    if (this.rules.length === 0 || prompt.length === 0) return null;
    const found = this.rules.find((r) => r.kind === kind && prompt.includes(r.marker));
    return (found as Extract<FaultRule, { kind: K }> | undefined) ?? null;
  }

  /** The error this run of the task meets as a whole, or null when it runs normally. */
  failureFor(task: { positivePrompt?: unknown }): ServiceError | null {
    const prompt = typeof task.positivePrompt === "string" ? task.positivePrompt : "";
    const rule = this.rule("task", prompt);
    if (!rule) return null;
    const identity = identityOf(task as Record<string, unknown>);
    const victim = this.victims.get(prompt) ?? { identity, runs: 0 };
    if (victim.identity !== identity || victim.runs >= rule.times) return null;
    victim.runs += 1;
    this.victims.set(prompt, victim);
    return errorFor(rule.code);
  }

  /** The error result number `index` meets, or null. */
  slotFailureFor(task: { positivePrompt?: unknown }, index: number): ServiceError | null {
    const prompt = typeof task.positivePrompt === "string" ? task.positivePrompt : "";
    const rule = this.rule("slot", prompt);
    return rule && rule.index === index ? errorFor(rule.code) : null;
  }

  /** True when the task waits, never run, until the engine stops. */
  holds(task: { positivePrompt?: unknown }): boolean {
    const prompt = typeof task.positivePrompt === "string" ? task.positivePrompt : "";
    return this.rule("held", prompt) !== null;
  }

  /** True while `getResponse` should not know the task yet (`ageMs` since it was accepted). */
  unknownYet(params: { positivePrompt?: unknown }, ageMs: number): boolean {
    const prompt = typeof params.positivePrompt === "string" ? params.positivePrompt : "";
    const rule = this.rule("lag", prompt);
    return rule !== null && ageMs < rule.ms;
  }
}

/** One rule of `ENGINE_FAULTS` (see `FaultInjector`); a kind it cannot read is an error. */
export function parseFaultRule(entry: string): FaultRule {
  const at = entry.lastIndexOf("=");
  if (at < 0) return { marker: entry, kind: "task", code: "internalServerError", times: 1 };
  const marker = entry.slice(0, at).trim();
  const kind = entry.slice(at + 1).trim();
  if (kind === "held") return { marker, kind: "held" };
  const lag = /^lag(\d+)$/.exec(kind);
  if (lag) return { marker, kind: "lag", ms: Number(lag[1]) };
  const slot = /^([A-Za-z]+)@(\d+)$/.exec(kind);
  if (slot) return { marker, kind: "slot", code: slot[1] as string, index: Number(slot[2]) };
  const task = /^([A-Za-z]+)(?:\*(\d+))?$/.exec(kind);
  if (task) return { marker, kind: "task", code: task[1] as string, times: Number(task[2] ?? 1) };
  throw new Error(`ENGINE_FAULTS: cannot read the rule ${JSON.stringify(entry)} (see core/faults.ts).`);
}

/** `ENGINE_FAULTS`: rules separated by commas; empty turns fault injection off. */
export function parseFaultMarkers(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((m) => m.trim())
    .filter((m) => m.length > 0);
}
