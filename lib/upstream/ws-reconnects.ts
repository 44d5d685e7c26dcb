import "server-only";
import { fullJitter } from "./backoff";
import type { WsOptions } from "./ws-options";

/**
 * When the session tries again after a socket closes. The delay grows with every close in a row,
 * whatever its code and whether or not the socket had authenticated: a service that accepts the
 * key and then closes at once (a message it refuses, an overloaded node) would otherwise be
 * reconnected to at the floor, several times a second, for as long as it keeps doing so. The delay
 * returns to its floor only once a socket has stayed up `stableMs`.
 */
export class Reconnects {
  private attempt = 0;
  /** Refusals of the key in a row (the refused backoff grows with them). */
  private refusals = 0;
  private stable: NodeJS.Timeout | null = null;

  constructor(
    private readonly options: Pick<WsOptions, "reconnect" | "refused" | "stableMs">,
    private readonly random: () => number,
  ) {}

  /** A socket authenticated: the key is accepted; the backoff resets if the socket stays up. */
  connected(): void {
    this.refusals = 0;
    this.clearStable();
    this.stable = setTimeout(() => {
      this.stable = null;
      this.attempt = 0;
    }, this.options.stableMs);
  }

  /** The wait before the next try after a socket closed (any code, authenticated or not). */
  afterClose(): number {
    this.clearStable();
    return fullJitter(this.attempt++, this.options.reconnect, this.random);
  }

  /** The wait before the next try after the key was refused. */
  afterRefusal(): number {
    this.clearStable();
    return fullJitter(this.refusals++, this.options.refused, this.random);
  }

  stop(): void {
    this.clearStable();
  }

  private clearStable(): void {
    if (this.stable) clearTimeout(this.stable);
    this.stable = null;
  }
}
