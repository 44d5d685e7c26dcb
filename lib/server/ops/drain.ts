import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * How long a stopping server lets requests in flight (and results on their way) finish, by
 * default (`DRAIN_SECONDS`).
 */
export const DRAIN_MS = 10_000;

/**
 * Counts the requests in flight and, once draining, answers new ones 503 (with `Connection:
 * close`, so a keep-alive client opens its next connection elsewhere) in the contract's shape.
 */
export class Drain {
  private active = 0;
  private draining = false;
  private readonly waiters = new Set<() => void>();

  get isDraining(): boolean {
    return this.draining;
  }

  get inFlight(): number {
    return this.active;
  }

  /** Takes a request: false (answered 503) when draining, else counted until its answer ends. */
  admit(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.draining) {
      const body = JSON.stringify({
        errors: [
          {
            code: "shuttingDown",
            message: "The studio is shutting down. Try again in a moment.",
            parameter: "server",
          },
        ],
      });
      res.writeHead(503, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(body),
        "retry-after": "1",
        connection: "close",
      });
      res.end(body);
      req.resume();
      return false;
    }
    this.active++;
    let done = false;
    const end = () => {
      if (done) return;
      done = true;
      this.active--;
      if (this.active === 0) for (const wake of this.waiters) wake();
    };
    res.once("finish", end);
    res.once("close", end);
    return true;
  }

  /** Stops admitting; resolves when the requests in flight ended, or at `signal`. */
  async drain(signal: AbortSignal): Promise<void> {
    this.draining = true;
    if (this.active === 0 || signal.aborted) return;
    await new Promise<void>((resolve) => {
      const wake = () => {
        this.waiters.delete(wake);
        signal.removeEventListener("abort", wake);
        resolve();
      };
      this.waiters.add(wake);
      signal.addEventListener("abort", wake, { once: true });
    });
  }
}
