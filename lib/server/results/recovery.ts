import "server-only";
import { POLL_DEFAULTS, TRANSIENT_CODES, type UpstreamClient } from "@/lib/upstream";
import type { Flight } from "./flight";

/**
 * Tasks in flight that a studio takes up (its own after a restart, or another studio's through the
 * lease sweep) were either handed to the service or were still waiting their turn in the member
 * queue or the socket's outbox when their process died; nothing in the record tells which. The
 * service is asked about each (one `getResponse`): a task it holds is watched as usual; one it
 * does not know is sent again under its own UUID, in its author's order (oldest first).
 */

export type Verdict = "known" | "unknown" | "stopped";

/** Probes at once: enough to get through a restart's backlog quickly, not a flood of polls. */
const PROBES_AT_ONCE = 8;

/** Whether the service holds the task; passing failures (it is starting too, say) are waited out. */
export async function probe(
  upstream: Pick<UpstreamClient, "poll">,
  wireUUID: string,
  signal: AbortSignal,
): Promise<Verdict> {
  let delay = POLL_DEFAULTS.initialMs;
  for (;;) {
    if (signal.aborted) return "stopped";
    let outcome: Awaited<ReturnType<UpstreamClient["poll"]>>;
    try {
      outcome = await upstream.poll(wireUUID, { signal });
    } catch {
      // No way to ask: the watch finds out.
      return "known";
    }
    if (signal.aborted) return "stopped";
    if (outcome.ok) return "known";
    if (outcome.error.code === "taskNotFound") return "unknown";
    // Another final answer (`taskExpired`, a refusal): the watch settles the task with it.
    if (!TRANSIENT_CODES.has(outcome.error.code)) return "known";
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay);
      timer.unref();
      signal.addEventListener("abort", () => resolve(), { once: true });
    });
    delay = Math.min(POLL_DEFAULTS.maxMs, delay * POLL_DEFAULTS.factor);
  }
}

export interface RecoveryHost {
  upstream: Pick<UpstreamClient, "poll">;
  signal: AbortSignal;
  /** True while the keeper still waits on the flight (a result may have ended it meanwhile). */
  current(flight: Flight): boolean;
  /** The service holds it: watch it. */
  known(flight: Flight): void;
  /** The service does not know it, yet some of its results were kept: it ends with them. */
  partial(flight: Flight): Promise<void>;
  /** The service does not know them and they made nothing: send them again, in this order. */
  unsent(flights: Flight[]): void;
}

/**
 * Asks the service about each flight (oldest first), a few at a time. Those it holds are watched
 * as soon as it says so; those it does not know are handed back in the flights' order, each as
 * soon as every older flight is answered, so one slow answer holds back only the tasks behind it.
 */
export async function recover(host: RecoveryHost, flights: readonly Flight[]): Promise<void> {
  const answered: boolean[] = flights.map(() => false);
  const verdicts: Promise<Verdict>[] = [];
  const resolvers: ((v: Verdict) => void)[] = [];
  for (const _ of flights) {
    verdicts.push(new Promise<Verdict>((resolve) => resolvers.push(resolve)));
  }
  let next = 0;
  const worker = async () => {
    while (next < flights.length) {
      const i = next++;
      const flight = flights[i] as Flight;
      const verdict = host.current(flight)
        ? await probe(host.upstream, flight.wireUUID, host.signal)
        : "stopped";
      // Watched at once: only what is sent again keeps the tasks' order.
      if (verdict === "known" && host.current(flight) && !host.signal.aborted) host.known(flight);
      answered[i] = true;
      resolvers[i]?.(verdict);
    }
  };
  for (let w = 0; w < Math.min(PROBES_AT_ONCE, flights.length); w++) void worker();

  let unsent: Flight[] = [];
  for (const [i, flight] of flights.entries()) {
    if (!answered[i] && unsent.length > 0) {
      host.unsent(unsent);
      unsent = [];
    }
    const verdict = await verdicts[i];
    if (host.signal.aborted) return;
    if (verdict !== "unknown" || !host.current(flight)) continue;
    if (flight.done > 0) await host.partial(flight);
    else unsent.push(flight);
  }
  if (unsent.length > 0) host.unsent(unsent);
}
