import "server-only";
import type { RawData, WebSocket } from "ws";
import { parseRequest, type Task, type TaskOf } from "@/lib/protocol/envelope";
import { type ServiceError, serviceErrors, withTask } from "@/lib/protocol/errors";
import type { EngineCore, Principal } from "../shared/types";
import { type ResolvedWsOptions, WS_CLOSE } from "./options";
import { alreadyAuthenticated, authResult, pong, rawToString, refOf, withTaskUUID } from "./replies";
import type { Session, SessionSocket } from "./session";
import type { SessionRegistry } from "./session-registry";

/** Counters shared by every connection of one server (see `WsStats`). */
export interface WsCounters {
  peakSocketBufferedBytes: number;
  authFailures: number;
  resumed: number;
  invalidJson: number;
  closedIdle: number;
  closedSlowReader: number;
  closedAuthFailures: number;
  closedSuperseded: number;
  closedMessageTooBig: number;
}

export interface ConnectionDeps {
  core: EngineCore;
  registry: SessionRegistry;
  options: ResolvedWsOptions;
  counters: WsCounters;
  onClosed(connection: Connection): void;
}

type State = "open" | "closing" | "closed";

/**
 * One socket. Before authentication it answers only `authentication` (every other task gets a
 * `missingApiKey` "not authenticated" error and the socket stays open, as the real service does);
 * after it, results flow through the session so they survive the socket.
 *
 * Messages are handled one after another, so a task sent right behind its `authentication` (without
 * waiting for the reply) is handled once the key is checked. Submissions are not awaited: a long
 * task never holds up the next message.
 */
export class Connection implements SessionSocket {
  readonly id: number;
  readonly closed: Promise<void>;
  private readonly ws: WebSocket;
  private readonly deps: ConnectionDeps;
  private state: State = "open";
  private principal: Principal | null = null;
  private session: Session | null = null;
  private authFailures = 0;
  private pendingMessages = 0;
  private chain: Promise<void> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | null = null;
  private graceTimer: NodeJS.Timeout | null = null;
  private terminateTimer: NodeJS.Timeout | null = null;
  private resolveClosed: () => void = () => {};

  /** `http(s)://host` of the upgrade request, for media URLs in results (null if unusable). */
  private readonly origin: string | null;

  constructor(id: number, ws: WebSocket, origin: string | null, deps: ConnectionDeps) {
    this.id = id;
    this.ws = ws;
    this.origin = origin;
    this.deps = deps;
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
  }

  get isAuthenticated(): boolean {
    return this.session !== null;
  }

  bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }

  start(): void {
    this.ws.on("message", (data) => this.onMessage(data));
    this.ws.on("close", () => this.onClose());
    // `ws` reports protocol errors (an oversize message: 1009) here, then closes the socket itself.
    this.ws.on("error", (error: Error & { code?: string }) => {
      if (error.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH") this.deps.counters.closedMessageTooBig++;
      this.detachFromSession();
    });
    this.armIdle();
  }

  // --- SessionSocket --------------------------------------------------------------------------

  send(text: string, done: (error: Error | undefined) => void): void {
    this.ws.send(text, (error) => done(error ?? undefined));
    const buffered = this.ws.bufferedAmount;
    if (buffered > this.deps.counters.peakSocketBufferedBytes) {
      this.deps.counters.peakSocketBufferedBytes = buffered;
    }
  }

  blocked(): void {
    if (this.graceTimer || this.state !== "open") return;
    this.graceTimer = setTimeout(() => {
      this.graceTimer = null;
      if (this.state !== "open" || this.ws.bufferedAmount <= this.deps.options.maxBufferedBytes) return;
      this.deps.counters.closedSlowReader++;
      this.close(WS_CLOSE.tryAgainLater, "not reading: reconnect and resume the session");
    }, this.deps.options.slowReaderGraceMs);
    this.graceTimer.unref();
  }

  progressed(): void {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = null;
  }

  broken(): void {
    this.detachFromSession();
    this.ws.terminate();
  }

  // --- lifecycle ------------------------------------------------------------------------------

  /** Closes with `code`; the socket is destroyed if the peer does not finish the handshake in time. */
  close(code: number, reason: string): void {
    if (this.state !== "open") return;
    this.state = "closing";
    this.clearTimers();
    this.detachFromSession();
    this.ws.close(code, reason);
    this.terminateTimer = setTimeout(() => this.ws.terminate(), this.deps.options.closeTimeoutMs);
    this.terminateTimer.unref();
  }

  /** Another socket took this one's session over: close at once, unwritten frames go back to it. */
  abandon(): void {
    if (this.state === "closed") return;
    if (this.state === "open") this.deps.counters.closedSuperseded++;
    this.state = "closing";
    this.clearTimers();
    this.detachFromSession();
    // The close frame gets out if the socket is writable; whatever is still queued is dropped.
    this.ws.close(WS_CLOSE.sessionResumedElsewhere, "session resumed on another connection");
    this.ws.terminate();
  }

  terminate(): void {
    this.ws.terminate();
  }

  private onClose(): void {
    this.state = "closed";
    this.clearTimers();
    if (this.terminateTimer) clearTimeout(this.terminateTimer);
    this.detachFromSession();
    this.session?.socketClosed(this.id);
    this.deps.onClosed(this);
    this.resolveClosed();
  }

  private detachFromSession(): void {
    if (this.session) this.deps.registry.detach(this.session, this.id);
  }

  private clearTimers(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.idleTimer = null;
    this.graceTimer = null;
  }

  /** The contract's idle rule: any client message restarts it; silence for `idleMs` closes. */
  private armIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      this.deps.counters.closedIdle++;
      this.close(WS_CLOSE.idleTimeout, "idle timeout");
    }, this.deps.options.idleMs);
    this.idleTimer.unref();
  }

  // --- messages -------------------------------------------------------------------------------

  private onMessage(data: RawData): void {
    // A message that crossed our close frame is still handled: tasks in it go to the session, and
    // their results wait there for a resume.
    if (this.state === "open") this.armIdle();
    if (this.pendingMessages >= this.deps.options.maxPendingMessages) {
      this.sendDirect({ errors: [serviceErrors.rateLimitExceeded(1)] });
      return;
    }
    this.pendingMessages++;
    const text = rawToString(data);
    this.chain = this.chain
      .then(() => this.handle(text))
      .catch(() => this.sendDirect({ errors: [serviceErrors.internalServerError()] }))
      .finally(() => {
        this.pendingMessages--;
      });
  }

  private async handle(text: string): Promise<void> {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      this.deps.counters.invalidJson++;
      this.sendDirect({ errors: [serviceErrors.invalidJson((error as Error).message)] });
      return;
    }
    const parsed = parseRequest(body, { allowSingleObject: true, videoModel: this.deps.options.videoModel });
    if (!parsed.ok) {
      this.reply({ errors: parsed.errors });
      return;
    }
    const toSubmit: Task[] = [];
    const refused: ServiceError[] = [];
    for (const outcome of parsed.outcomes) {
      const ref = outcome.ok ? refOf(outcome.task) : outcome.ref;
      if (ref.taskType === "authentication") {
        // Authenticating a socket that is going away would only make a session nobody attaches.
        if (this.state !== "open") continue;
        if (outcome.ok && outcome.task.taskType === "authentication") await this.authenticate(outcome.task);
        else if (!outcome.ok) this.reply({ errors: outcome.errors });
        continue;
      }
      if (!this.session) {
        refused.push(withTaskUUID(serviceErrors.notAuthenticated(), ref.taskUUID));
        continue;
      }
      if (!outcome.ok) this.session.push({ errors: outcome.errors });
      else if (outcome.task.taskType === "ping") this.sendDirect({ data: [pong(outcome.task.taskUUID)] });
      else toSubmit.push(outcome.task);
    }
    if (refused.length > 0) this.sendDirect({ errors: refused });
    if (toSubmit.length > 0 && this.session && this.principal) {
      this.submit(toSubmit, this.principal, this.session);
    }
  }

  private async authenticate(task: TaskOf<"authentication">): Promise<void> {
    let principal: Principal | null;
    try {
      principal = await this.deps.core.authenticate(task.apiKey);
    } catch {
      this.sendDirect({
        errors: [
          withTask(serviceErrors.internalServerError(), {
            taskType: "authentication",
            taskUUID: task.taskUUID,
          }),
        ],
      });
      return;
    }
    if (this.state !== "open") return;
    if (!principal) {
      this.authFailures++;
      this.deps.counters.authFailures++;
      this.sendDirect({ errors: [withTaskUUID(serviceErrors.invalidApiKey(), task.taskUUID)] });
      if (this.authFailures >= this.deps.options.maxAuthFailures) {
        this.deps.counters.closedAuthFailures++;
        this.close(WS_CLOSE.policyViolation, "too many failed authentications");
      }
      return;
    }
    if (this.session && this.principal) {
      // Already authenticated: the same account may ask again for its session; anything else needs
      // a new connection.
      const same =
        principal.accountId === this.principal.accountId &&
        (task.connectionSessionUUID === undefined || task.connectionSessionUUID === this.session.id);
      if (same) this.sendDirect({ data: [authResult(this.session.id, task.taskUUID)] });
      else {
        this.sendDirect({ errors: [withTaskUUID(alreadyAuthenticated(), task.taskUUID)] });
      }
      return;
    }
    const { registry } = this.deps;
    const resumed = task.connectionSessionUUID
      ? registry.resumable(task.connectionSessionUUID, principal)
      : null;
    if (resumed) this.deps.counters.resumed++;
    const session = resumed ?? registry.create(principal);
    this.principal = principal;
    this.session = session;
    if (this.origin) session.baseUrl = this.origin;
    // The reply goes first; the session's buffered results follow it on `attach`.
    this.sendDirect({ data: [authResult(session.id, task.taskUUID)] });
    registry.attach(session, this);
  }

  private submit(tasks: Task[], principal: Principal, session: Session): void {
    let submission: Promise<void>;
    try {
      submission = this.deps.core.submit(tasks, principal, session.sink);
    } catch (error) {
      submission = Promise.reject(error);
    }
    submission.catch(() => {
      for (const task of tasks) {
        session.sink.error(withTask(serviceErrors.internalServerError(), refOf(task)));
      }
    });
  }

  /** Answers to tasks: through the session once there is one, so they survive a drop. */
  private reply(message: { errors: ServiceError[] }): void {
    if (this.session) this.session.push(message);
    else this.sendDirect(message);
  }

  /** Connection-level answers (pong, authentication, refusals): this socket only, not resumable. */
  private sendDirect(message: unknown): void {
    if (this.state !== "open") return;
    this.ws.send(JSON.stringify(message));
  }
}
