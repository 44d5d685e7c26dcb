import "server-only";
import { randomUUID } from "node:crypto";
import type { Principal } from "../shared/types";
import {
  type BufferBudget,
  Session,
  type SessionCounters,
  type SessionLimits,
  type SessionSocket,
} from "./session";

export interface RegistryOptions {
  resumeMs: number;
  now: () => number;
  maxBufferedBytes: number;
  maxSessionBufferBytes: number;
  maxSessionBufferMessages: number;
  maxTotalBufferBytes: number;
  /** Let go of a socket the session no longer wants (another socket resumed it). */
  abandonSocket(socketId: number): void;
}

/**
 * The live sessions, by connectionSessionUUID. A session is attached to at most one socket; once
 * detached it lives `resumeMs` more (measured with `now`, so the window is exact whatever the
 * timer's lateness), then it and its undelivered results are dropped.
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();
  private readonly expiryTimers = new Map<string, NodeJS.Timeout>();
  private readonly options: RegistryOptions;
  private readonly limits: SessionLimits;
  readonly budget: BufferBudget;
  readonly totals: SessionCounters = { delivered: 0, dropped: 0 };
  /** Sessions dropped by the resume window, with results still undelivered. */
  expiredWithResults = 0;

  constructor(options: RegistryOptions) {
    this.options = options;
    this.budget = { used: 0, max: options.maxTotalBufferBytes };
    this.limits = {
      totals: this.totals,
      maxBufferedBytes: options.maxBufferedBytes,
      maxSessionBufferBytes: options.maxSessionBufferBytes,
      maxSessionBufferMessages: options.maxSessionBufferMessages,
      budget: this.budget,
    };
  }

  create(principal: Principal): Session {
    const session = new Session(randomUUID(), principal, this.limits, this.options.now());
    this.sessions.set(session.id, session);
    // Born detached; `attach` follows at once and clears this.
    this.scheduleExpiry(session, this.options.resumeMs);
    return session;
  }

  /**
   * The session `id` if `principal`'s account owns it and its window is still open. A session of
   * another account is reported exactly like an unknown one, so UUIDs cannot be probed.
   */
  resumable(id: string, principal: Principal): Session | null {
    const session = this.sessions.get(id);
    if (!session || session.isEnded) return null;
    if (session.principal.accountId !== principal.accountId) return null;
    if (this.isExpired(session)) {
      this.expire(session);
      return null;
    }
    return session;
  }

  attach(session: Session, socket: SessionSocket): void {
    this.clearExpiry(session.id);
    const previous = session.attachedSocketId;
    const stuck = session.inflightSocketId;
    session.attach(socket);
    // The client moved to a new socket: frames still queued on an old one would hold the new
    // one back until that socket times out, so let it go now (its unwritten frames come back).
    if (previous !== null && previous !== socket.id) this.options.abandonSocket(previous);
    if (stuck !== null && stuck !== socket.id && stuck !== previous) this.options.abandonSocket(stuck);
  }

  detach(session: Session, socketId: number): void {
    if (session.isEnded || session.attachedSocketId !== socketId) return;
    session.detach(socketId, this.options.now());
    this.scheduleExpiry(session, this.options.resumeMs);
  }

  get size(): number {
    return this.sessions.size;
  }

  all(): IterableIterator<Session> {
    return this.sessions.values();
  }

  /** Ends every session and clears every timer. */
  closeAll(): void {
    for (const session of this.sessions.values()) session.end();
    this.sessions.clear();
    for (const timer of this.expiryTimers.values()) clearTimeout(timer);
    this.expiryTimers.clear();
  }

  private isExpired(session: Session): boolean {
    return session.detachedAt !== null && this.options.now() - session.detachedAt >= this.options.resumeMs;
  }

  private scheduleExpiry(session: Session, delayMs: number): void {
    this.clearExpiry(session.id);
    const timer = setTimeout(
      () => {
        this.expiryTimers.delete(session.id);
        if (session.detachedAt === null || session.isEnded) return;
        if (this.isExpired(session)) this.expire(session);
        else this.scheduleExpiry(session, session.detachedAt + this.options.resumeMs - this.options.now());
      },
      Math.max(1, delayMs),
    );
    timer.unref();
    this.expiryTimers.set(session.id, timer);
  }

  private clearExpiry(id: string): void {
    const timer = this.expiryTimers.get(id);
    if (timer) clearTimeout(timer);
    this.expiryTimers.delete(id);
  }

  private expire(session: Session): void {
    if (session.bufferedMessages > 0) this.expiredWithResults++;
    session.end();
    this.clearExpiry(session.id);
    this.sessions.delete(session.id);
  }
}
