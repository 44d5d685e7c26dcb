import "server-only";
import type { WebSocket } from "ws";
import { PING_MESSAGE } from "./wire";

/**
 * Pings one socket every `intervalMs` and calls `onDead` when a ping goes unanswered for
 * `timeoutMs`: a path can die without TCP noticing for many minutes (a NAT forgetting the flow, a
 * laptop asleep), and only an answer proves the service still hears us. One ping at a time.
 */
export class Heartbeat {
  private interval: NodeJS.Timeout | null = null;
  private waiting: NodeJS.Timeout | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly timeoutMs: number,
  ) {}

  start(socket: WebSocket, onDead: () => void): void {
    this.stop();
    this.interval = setInterval(() => {
      if (this.waiting) return;
      socket.send(JSON.stringify(PING_MESSAGE));
      this.waiting = setTimeout(() => {
        this.waiting = null;
        this.stop();
        onDead();
      }, this.timeoutMs);
    }, this.intervalMs);
  }

  /** A pong arrived. */
  answered(): void {
    if (this.waiting) clearTimeout(this.waiting);
    this.waiting = null;
  }

  stop(): void {
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
    this.answered();
  }
}
