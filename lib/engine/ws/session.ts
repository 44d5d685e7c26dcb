import "server-only";
import { type ServiceError, serviceErrors } from "@/lib/protocol/errors";
import type { Principal, ResultObject, ResultSink } from "../shared/types";

/**
 * A connection session: what outlives a socket. It owns the result sink the core writes to, and an
 * ordered outbox of messages not yet delivered.
 *
 * Delivery rule: a message leaves the outbox only when `ws.send`'s callback reports no error, i.e.
 * the frame reached the operating system's socket. A send that fails (the socket dropped while the
 * frame was queued in Node) puts it and every later frame in flight on that socket back to
 * "pending", so it is sent again, in order, on the socket that resumes the session. Without an
 * acknowledgement in the protocol, bytes the kernel accepted but the peer never read (an abrupt
 * network loss) cannot be detected by any server; everything short of that is delivered exactly
 * once.
 *
 * Outbox invariant: entries in flight form a prefix of the outbox, all on one socket. A new socket
 * sends nothing until frames still in flight on an older socket are settled, which keeps the order.
 */

/** The socket side as the session sees it. */
export interface SessionSocket {
  readonly id: number;
  /** Bytes written but not yet handed to the OS (`ws.bufferedAmount`). */
  bufferedAmount(): number;
  /** Sends one text frame; `done` gets the write's error, if any. */
  send(text: string, done: (error: Error | undefined) => void): void;
  /** The session stopped sending because the buffered bytes are over the cap. */
  blocked(): void;
  /** A frame reached the OS: the peer is reading. */
  progressed(): void;
  /** A write failed: the socket is broken; detach it (synchronously) and let it go. */
  broken(): void;
}

/** Memory all sessions share. */
export interface BufferBudget {
  used: number;
  readonly max: number;
}

export interface SessionLimits {
  /** Totals over every session, ever (the server's stats). */
  totals: SessionCounters;
  maxBufferedBytes: number;
  maxSessionBufferBytes: number;
  maxSessionBufferMessages: number;
  budget: BufferBudget;
}

interface Entry {
  seq: number;
  text: string;
  bytes: number;
  /** 0 when pending; otherwise the token of the send in flight. */
  attempt: number;
  /** Set on drop notices (small, kept apart from the byte caps): the task they concern. */
  noticeKey: string | null;
}

/** Drop notices one session may hold; beyond it drops are only counted. */
const MAX_NOTICES = 1_000;

export interface SessionCounters {
  delivered: number;
  dropped: number;
}

export class Session {
  readonly id: string;
  readonly principal: Principal;
  readonly sink: ResultSink;
  /** When the socket went away (ms, session clock); null while attached. */
  detachedAt: number | null;
  /** Highest sequence number delivered; every lower one was delivered too. */
  deliveredUntil = 0;
  readonly counters: SessionCounters = { delivered: 0, dropped: 0 };
  /** Origin media URLs in results are built on: that of the socket that last attached. */
  baseUrl: string | undefined;

  private readonly limits: SessionLimits;
  private readonly outbox: Entry[] = [];
  private bytes = 0;
  private notices = 0;
  /** taskUUIDs with a drop notice still in the outbox: one notice per task is enough. */
  private readonly noticed = new Set<string>();
  private inflight = 0;
  private inflightSocket: number | null = null;
  private nextSeq = 1;
  private nextAttempt = 1;
  private socket: SessionSocket | null = null;
  private ended = false;

  constructor(id: string, principal: Principal, limits: SessionLimits, detachedAt: number | null) {
    this.id = id;
    this.principal = principal;
    this.limits = limits;
    this.detachedAt = detachedAt;
    const origin = () => this.baseUrl;
    this.sink = {
      wantsAsyncResults: true,
      result: (result: ResultObject) => this.enqueue({ data: [result] }, result),
      error: (error: ServiceError) => this.enqueue({ errors: [error] }, error),
      get baseUrl() {
        return origin();
      },
    };
  }

  get attachedSocketId(): number | null {
    return this.socket?.id ?? null;
  }

  /** The socket frames are in flight on (possibly no longer attached), if any. */
  get inflightSocketId(): number | null {
    return this.inflightSocket;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  get bufferedMessages(): number {
    return this.outbox.length;
  }

  get bufferedBytes(): number {
    return this.bytes;
  }

  /** Queues a message of the connection's own (a validation error) under the same rules as results. */
  push(message: { data: ResultObject[] } | { errors: ServiceError[] }): void {
    const first = "data" in message ? message.data[0] : message.errors[0];
    this.enqueue(message, first ?? {});
  }

  attach(socket: SessionSocket): void {
    this.socket = socket;
    this.detachedAt = null;
    this.pump();
  }

  /** Stops sending to `socketId` (frames in flight there settle through their callbacks). */
  detach(socketId: number, at: number): void {
    if (this.socket?.id !== socketId) return;
    this.socket = null;
    this.detachedAt = at;
  }

  /**
   * The socket is closed: any frame still in flight on it can no longer succeed. Its callbacks have
   * normally fired by now; this settles any that did not.
   */
  socketClosed(socketId: number): void {
    if (this.inflightSocket === socketId) this.requeueInflight();
    this.pump();
  }

  /** Drops the outbox; the sink ignores everything from now on. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.socket = null;
    this.limits.budget.used -= this.bytes;
    this.bytes = 0;
    this.outbox.length = 0;
    this.notices = 0;
    this.noticed.clear();
    this.inflight = 0;
    this.inflightSocket = null;
  }

  private enqueue(message: unknown, ref: { taskType?: string; taskUUID?: string }): void {
    if (this.ended) return;
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch {
      // A result that cannot be serialized (a BigInt, a cycle) must not throw into the core.
      const error: ServiceError = serviceErrors.internalServerError("A result could not be serialized.");
      if (ref.taskType !== undefined) error.taskType = ref.taskType;
      if (ref.taskUUID !== undefined) error.taskUUID = ref.taskUUID;
      text = JSON.stringify({ errors: [error] });
    }
    const bytes = Buffer.byteLength(text);
    const { budget } = this.limits;
    const fits =
      this.outbox.length - this.notices < this.limits.maxSessionBufferMessages &&
      this.bytes + bytes <= this.limits.maxSessionBufferBytes &&
      budget.used + bytes <= budget.max;
    if (fits) {
      this.bytes += bytes;
      budget.used += bytes;
      this.outbox.push({ seq: this.nextSeq++, text, bytes, attempt: 0, noticeKey: null });
    } else {
      this.counters.dropped++;
      this.limits.totals.dropped++;
      this.addDropNotice(ref);
    }
    this.pump();
  }

  private addDropNotice(ref: { taskType?: string; taskUUID?: string }): void {
    const key = ref.taskUUID ?? "";
    if (this.notices >= MAX_NOTICES || this.noticed.has(key)) return;
    const error: ServiceError = {
      code: "resultsDropped",
      message:
        "A result was dropped because this connection's result buffer was full (the socket was away or not reading). Fetch async results with getResponse.",
    };
    if (ref.taskType !== undefined) error.taskType = ref.taskType;
    if (ref.taskUUID !== undefined) error.taskUUID = ref.taskUUID;
    this.noticed.add(key);
    this.notices++;
    const text = JSON.stringify({ errors: [error] });
    this.outbox.push({ seq: this.nextSeq++, text, bytes: 0, attempt: 0, noticeKey: key });
  }

  private pump(): void {
    const socket = this.socket;
    if (!socket || this.ended) return;
    // Frames still in flight on an older socket go first; wait for them to settle.
    if (this.inflight > 0 && this.inflightSocket !== socket.id) return;
    while (this.inflight < this.outbox.length) {
      if (socket.bufferedAmount() > this.limits.maxBufferedBytes) {
        socket.blocked();
        return;
      }
      const entry = this.outbox[this.inflight];
      if (!entry) return;
      const attempt = this.nextAttempt++;
      entry.attempt = attempt;
      this.inflight++;
      this.inflightSocket = socket.id;
      socket.send(entry.text, (error) => this.settle(socket, entry, attempt, error));
      // A synchronous failure may have detached the socket.
      if (this.socket !== socket) return;
    }
  }

  private settle(socket: SessionSocket, entry: Entry, attempt: number, error: Error | undefined): void {
    // A stale callback: the frame was already put back after its socket closed.
    if (entry.attempt !== attempt || this.ended) return;
    if (error) {
      this.requeueInflight();
      if (this.socket === socket) {
        socket.broken();
        // `broken` detaches through the registry; make sure, whatever it did.
        if (this.socket === socket) this.socket = null;
      }
      this.pump();
      return;
    }
    // Callbacks of one socket come in write order, so this is the outbox's head.
    const index = this.outbox[0] === entry ? 0 : this.outbox.indexOf(entry);
    if (index < 0) return;
    this.outbox.splice(index, 1);
    this.inflight--;
    if (this.inflight === 0) this.inflightSocket = null;
    this.bytes -= entry.bytes;
    this.limits.budget.used -= entry.bytes;
    if (entry.noticeKey !== null) {
      this.notices--;
      this.noticed.delete(entry.noticeKey);
    }
    this.deliveredUntil = Math.max(this.deliveredUntil, entry.seq);
    this.counters.delivered++;
    this.limits.totals.delivered++;
    if (this.socket === socket) socket.progressed();
    this.pump();
  }

  private requeueInflight(): void {
    for (let i = 0; i < this.inflight; i++) {
      const entry = this.outbox[i];
      if (entry) entry.attempt = 0;
    }
    this.inflight = 0;
    this.inflightSocket = null;
  }
}
