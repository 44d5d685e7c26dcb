import "server-only";
import { WebSocket } from "ws";
import { scrubSecret, type UpstreamConfig } from "./config";
import { MESSAGE_TOO_BIG, upstreamErrors } from "./errors";
import type { SessionState, SessionStatus, UpstreamError } from "./types";
import { isPong, parseEnvelopeText, type WireEnvelope, type WireTask } from "./wire";
import { authenticationText, connectedEvent, currentKey, readAuthReply } from "./ws-auth";
import { Heartbeat } from "./ws-heartbeat";
import type { WsOptions } from "./ws-options";
import { Outbox } from "./ws-outbox";
import { Reconnects } from "./ws-reconnects";
import { type Listener, Router } from "./ws-router";
import { InlineUploads } from "./ws-uploads";

export interface WsDeps {
  random: () => number;
  /** Opens a socket (tests pass a double of the service). */
  openSocket?: (url: string, options: { handshakeTimeout: number }) => WebSocket;
}

export { KEY_REFUSED } from "./ws-auth";

/**
 * The studio's one WebSocket session with the service: authenticates, keeps the
 * connectionSessionUUID, pings, and after any drop reconnects and resumes the session so that
 * results completed while away are delivered (see ws-outbox.ts for what is sent again and
 * ws-router.ts for how results reach listeners once). Large inline images go as uploads of their
 * own (ws-uploads.ts), and a message the service refuses for its size is never sent again as it
 * was (`Outbox.takeRefused`).
 */
export class UpstreamSession {
  private state: SessionState = "idle";
  private socket: WebSocket | null = null;
  private authenticated = false;
  private sessionUUID: string | null = null;
  private lastError: UpstreamError | null = null;
  private readonly reconnects: Reconnects;
  /** When the next connection attempt after a refusal starts (`Date.now()` scale), if one waits. */
  private retryAt: number | null = null;
  private connections = 0;
  private readonly outbox: Outbox;
  private readonly router: Router;
  private readonly uploads: InlineUploads;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly heartbeat: Heartbeat;
  /** Why the current socket is going away, if known (reported with `disconnected`). */
  private dropReason: UpstreamError | null = null;
  /** The session the service declined to resume, until the new one is announced. */
  private lostSession: string | null = null;
  private closedSignal: (() => void) | null = null;

  constructor(
    private readonly config: UpstreamConfig,
    private readonly options: WsOptions,
    private readonly deps: WsDeps,
  ) {
    this.outbox = new Outbox(options.maxQueue, options.maxUnconfirmed);
    this.router = new Router(this.outbox, config.apiKey, options.dedupeSize);
    this.heartbeat = new Heartbeat(options.pingIntervalMs, options.pongTimeoutMs);
    this.reconnects = new Reconnects(options, deps.random);
    this.uploads = new InlineUploads(this.outbox, this.router, () => this.flush(), options.uploadAboveChars);
  }

  /** Connects, if not already connected or connecting. `send` calls it too. */
  start(): void {
    if (this.state === "idle") this.connect();
  }

  /**
   * Sends tasks, queued while disconnected; resolves once written to an authenticated socket.
   * Rejects with the contract's error object (`isServiceError` holds): `serviceUnavailable` when
   * the queue is full or the session closed, the refusal (`invalidApiKey`) while the key stands
   * refused (until the next try, see `status().retryAt`).
   * With `deadline`, a message still unwritten when it fires is withdrawn, never to be sent, and
   * rejects with `serviceUnavailable` (see `Outbox.enqueue`).
   * `again`: tasks the service may hold already (sent before a restart of the studio): its
   * `conflictTaskUUID` then means "held", an acknowledgement, not a failure.
   */
  send(tasks: readonly WireTask[], deadline?: AbortSignal, options: { again?: boolean } = {}): Promise<void> {
    if (this.state === "closed" || this.state === "failed") {
      return Promise.reject(this.lastError ?? upstreamErrors.closed());
    }
    if (options.again) this.outbox.markResent(tasks);
    const sent = this.uploads.send(tasks, deadline);
    this.start();
    this.flush();
    return sent;
  }

  onMessage(listener: Listener): () => void {
    return this.router.onMessage(listener);
  }

  onTask(taskUUID: string, listener: Listener): () => void {
    return this.router.onTask(taskUUID, listener);
  }

  status(): SessionStatus {
    return {
      state: this.state,
      connected: this.state === "connected",
      sessionUUID: this.sessionUUID,
      lastError: this.lastError,
      queued: this.outbox.queued,
      reconnects: Math.max(0, this.connections - 1),
      retryAt: this.state === "failed" ? this.retryAt : null,
    };
  }

  /** Ends everything: timers, the socket (close handshake, then cut), waiting sends rejected. */
  async close(): Promise<void> {
    if (this.state === "closed") return;
    this.state = "closed";
    this.clearTimers();
    this.outbox.rejectAll(upstreamErrors.closed());
    this.uploads.clear();
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.closedSignal = resolve;
      socket.close(1000, "client closing");
      this.later(() => socket.terminate(), this.options.closeGraceMs);
    });
    this.clearTimers();
  }

  // --- connection lifecycle ---------------------------------------------------------------

  private connect(): void {
    this.state = this.connections === 0 ? "connecting" : "reconnecting";
    this.authenticated = false;
    this.dropReason = null;
    const open = this.deps.openSocket ?? ((url, options) => new WebSocket(url, options));
    const socket = open(this.config.wsUrl, { handshakeTimeout: this.options.connectTimeoutMs });
    this.socket = socket;
    const guard = this.later(() => {
      this.fail(upstreamErrors.timeout(this.options.connectTimeoutMs, "the connection and authentication"));
      socket.terminate();
    }, this.options.connectTimeoutMs);
    socket.on("open", () => this.authenticate(socket));
    socket.on("message", (raw) => {
      if (this.socket !== socket) return;
      if (!this.authenticated) this.onAuthReply(socket, raw.toString(), guard);
      else this.onMessageText(raw.toString());
    });
    socket.on("error", (err) => {
      if (this.state === "closed") return;
      const code = (err as { code?: unknown }).code;
      this.fail(
        upstreamErrors.unreachable(
          scrubSecret(typeof code === "string" ? code : err.message, this.config.apiKey),
        ),
      );
    });
    socket.on("close", (code) => this.onClose(socket, code, guard));
  }

  private authenticate(socket: WebSocket, withSession = true): void {
    const resume = withSession ? (this.sessionUUID ?? undefined) : undefined;
    socket.send(authenticationText(this.config, resume));
  }

  private onAuthReply(socket: WebSocket, text: string, guard: NodeJS.Timeout): void {
    const envelope = parseEnvelopeText(text);
    if (!envelope) return;
    const reply = readAuthReply(envelope, this.sessionUUID !== null, () => currentKey(this.config));
    switch (reply.kind) {
      case "other":
        this.onMessageText(text);
        return;
      case "keyRefused":
        this.onKeyRefused(socket, reply.error, guard);
        return;
      case "notResumed":
        // The service would not resume the old session: start a new one on this socket.
        this.lostSession = this.sessionUUID;
        this.sessionUUID = null;
        this.authenticate(socket, false);
        return;
      case "failed":
        this.fail(reply.error);
        socket.terminate();
        return;
      case "session":
        this.onAuthenticated(socket, reply.session, guard);
        if (reply.rest) this.deliver(reply.rest);
    }
  }

  /**
   * A key being rotated, or the service's auth briefly down: not the end. Whoever waits is told
   * now; the session tries again with backoff (onClose) and the key is read afresh.
   */
  private onKeyRefused(socket: WebSocket, error: UpstreamError, guard: NodeJS.Timeout): void {
    clearTimeout(guard);
    this.timers.delete(guard);
    this.lastError = error;
    this.dropReason = error;
    this.state = "failed";
    this.outbox.rejectWaiting(error);
    this.router.emit({ type: "connection", change: "failed", error });
    socket.close(1000, "key refused");
  }

  /** Connected as `session`: announced, what was unconfirmed sent again, pinged, the queue written. */
  private onAuthenticated(socket: WebSocket, session: string, guard: NodeJS.Timeout): void {
    clearTimeout(guard);
    this.timers.delete(guard);
    const previous = this.lostSession ?? this.sessionUUID;
    this.lostSession = null;
    this.sessionUUID = session;
    this.authenticated = true;
    this.state = "connected";
    this.reconnects.connected();
    this.retryAt = null;
    this.connections++;
    this.outbox.newSocket();
    this.router.emit(connectedEvent(previous, session));
    if (this.connections > 1) this.outbox.requeueUnconfirmed();
    this.heartbeat.start(socket, () => {
      this.fail(upstreamErrors.timeout(this.options.pongTimeoutMs, "a ping"));
      // The path is dead even if TCP has not noticed: cut it and resume on a new socket.
      socket.terminate();
    });
    this.flush();
  }

  private onMessageText(text: string): void {
    const envelope = parseEnvelopeText(text);
    if (!envelope) {
      this.lastError = upstreamErrors.malformed("a socket message that is not an envelope");
      return;
    }
    this.deliver(envelope);
  }

  private deliver(envelope: WireEnvelope): void {
    if (envelope.data.some(isPong)) this.heartbeat.answered();
    for (const error of this.router.route(envelope)) {
      this.lastError = error;
      this.router.emit({ type: "connection", change: "error", error });
    }
  }

  private onClose(socket: WebSocket, code: number, guard: NodeJS.Timeout): void {
    clearTimeout(guard);
    this.timers.delete(guard);
    if (this.socket !== socket) return;
    this.socket = null;
    this.authenticated = false;
    this.heartbeat.stop();
    if (code === MESSAGE_TOO_BIG && this.state !== "closed") {
      const refused = this.outbox.takeRefused();
      if (refused) this.uploads.refused(refused.tasks, refused.chars);
    }
    this.outbox.newSocket();
    this.outbox.requeueInflight();
    if (this.state === "closed") {
      this.closedSignal?.();
      this.closedSignal = null;
      return;
    }
    if (this.state === "failed") {
      const wait = this.reconnects.afterRefusal();
      this.retryAt = Date.now() + wait;
      this.later(() => {
        if (this.state === "failed") this.connect();
      }, wait);
      return;
    }
    const error = this.dropReason ?? upstreamErrors.socketClosed(code);
    this.router.emit({ type: "connection", change: "disconnected", error });
    this.state = "reconnecting";
    const delay = this.reconnects.afterClose();
    this.later(() => {
      if (this.state === "reconnecting") this.connect();
    }, delay);
  }

  /** Records why the current socket failed (it closes next). */
  private fail(error: UpstreamError): void {
    this.lastError = error;
    this.dropReason = error;
  }

  // --- sending and heartbeat -----------------------------------------------------------------

  private flush(): void {
    const socket = this.socket;
    if (!socket || !this.authenticated || socket.readyState !== WebSocket.OPEN) return;
    this.outbox.flush((text, done) => socket.send(text, (err) => done(err ?? undefined)));
  }

  private later(fn: () => void, ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.heartbeat.stop();
    this.reconnects.stop();
  }
}
