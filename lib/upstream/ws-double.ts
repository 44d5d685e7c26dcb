import "server-only";
/**
 * Test helper (not a test): a double of the media service's WebSocket end, in process and on
 * timers only, so a session can be run through minutes of fake time. It answers authentication,
 * ping, imageUpload and imageInference as the contract and the notes describe, and can misbehave
 * as a hosted service does: close with 1009 on a message over its limit, answer late, close every
 * socket right after authenticating it.
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { WebSocket } from "ws";

export interface DoubleRules {
  /** A message longer than this (characters) closes its socket with 1009, unanswered. */
  maxMessage?: number;
  /** The limit for `imageUpload` messages (default `maxMessage`). */
  maxUpload?: number;
  /** Every answer, and the opening of a socket, comes this much later. */
  lagMs?: number;
  /** Each socket is closed with this code right after its authentication is answered. */
  closeAfterAuth?: number;
  /** A write's callback comes this much later (default: at once), so a close can catch it in flight. */
  writeMs?: number;
  /** Every authentication starts a new session: none is resumed. */
  newSessions?: boolean;
  /** The next message matching is taken (its task held), then its socket drops before the answer. */
  dropAfter?: (text: string) => boolean;
}

/** A data URI of a PNG (its signature, then filler) of about `chars` characters. */
export function pngDataUri(chars: number): string {
  const prefix = "data:image/png;base64,";
  const bytes = Buffer.alloc(Math.max(12, Math.floor((chars - prefix.length) / 4) * 3), 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return prefix + bytes.toString("base64");
}

export interface ReceivedFrame {
  connection: number;
  at: number;
  text: string;
}

export class ServiceDouble {
  readonly frames: ReceivedFrame[] = [];
  /** Each socket's opening time (`Date.now()`, faked in tests). */
  readonly opened: number[] = [];
  readonly closes: number[] = [];
  /** Tasks of type imageInference as received, by taskUUID. */
  readonly inferences = new Map<string, Record<string, unknown>>();
  /** imageUUID -> characters of each image uploaded. */
  readonly uploads = new Map<string, number>();
  readonly sockets: FakeSocket[] = [];
  /** taskUUIDs taken: sent again, they are answered conflictTaskUUID, as the service does. */
  readonly held = new Set<string>();

  constructor(public rules: DoubleRules = {}) {}

  /** Pass as `WsDeps.openSocket`. */
  readonly openSocket = (): WebSocket => {
    this.opened.push(Date.now());
    const socket = new FakeSocket(this, this.opened.length);
    this.sockets.push(socket);
    return socket as unknown as WebSocket;
  };

  /** Frames whose text includes `needle` (a taskUUID, an image's data). */
  framesWith(needle: string): ReceivedFrame[] {
    return this.frames.filter((f) => f.text.includes(needle));
  }

  get authentications(): number {
    return this.frames.filter((f) => f.text.includes('"authentication"')).length;
  }
}

type Task = Record<string, unknown> & { taskType?: unknown; taskUUID?: unknown };

class FakeSocket extends EventEmitter {
  readyState: number = WebSocket.CONNECTING;
  private session: string | null = null;

  constructor(
    private readonly service: ServiceDouble,
    private readonly connection: number,
  ) {
    super();
    this.later(() => {
      if (this.readyState !== WebSocket.CONNECTING) return;
      this.readyState = WebSocket.OPEN;
      this.emit("open");
    });
  }

  send(text: string, done?: (error?: Error) => void): void {
    if (this.readyState !== WebSocket.OPEN) {
      queueMicrotask(() => done?.(new Error("WebSocket is not open")));
      return;
    }
    this.service.frames.push({ connection: this.connection, at: Date.now(), text });
    const { writeMs } = this.service.rules;
    if (writeMs === undefined) queueMicrotask(() => done?.());
    else setTimeout(() => done?.(), writeMs);
    this.later(() => this.receive(text));
  }

  close(code = 1000): void {
    this.shut(code);
  }

  terminate(): void {
    this.shut(1006);
  }

  private later(fn: () => void): void {
    setTimeout(fn, this.service.rules.lagMs ?? 1);
  }

  /** The service closes this socket with `code`. */
  shut(code: number): void {
    if (this.readyState === WebSocket.CLOSED) return;
    this.readyState = WebSocket.CLOSED;
    this.service.closes.push(code);
    this.emit("close", code);
  }

  private answer(body: unknown): void {
    if (this.readyState === WebSocket.OPEN) this.emit("message", JSON.stringify(body));
  }

  private receive(text: string): void {
    if (this.readyState !== WebSocket.OPEN) return;
    const parsed = JSON.parse(text) as Task | Task[];
    const tasks = Array.isArray(parsed) ? parsed : [parsed];
    const { maxMessage, maxUpload } = this.service.rules;
    const upload = tasks.some((t) => t.taskType === "imageUpload");
    const limit = upload ? (maxUpload ?? maxMessage) : maxMessage;
    if (limit !== undefined && text.length > limit) {
      this.shut(1009);
      return;
    }
    const { dropAfter } = this.service.rules;
    if (dropAfter?.(text)) {
      this.service.rules.dropAfter = undefined;
      for (const task of tasks) if (typeof task.taskUUID === "string") this.service.held.add(task.taskUUID);
      this.shut(1006);
      return;
    }
    for (const task of tasks) this.handle(task);
  }

  private handle(task: Task): void {
    const { taskType, taskUUID } = task;
    if (typeof taskUUID === "string" && taskType !== "authentication") {
      if (this.service.held.has(taskUUID)) {
        const message = `A task with taskUUID ${taskUUID} was already sent.`;
        this.answer({
          errors: [{ code: "conflictTaskUUID", message, parameter: "taskUUID", taskType, taskUUID }],
        });
        return;
      }
      this.service.held.add(taskUUID);
    }
    if (taskType === "authentication") {
      const resume =
        typeof task.connectionSessionUUID === "string" && !this.service.rules.newSessions
          ? task.connectionSessionUUID
          : null;
      this.session = resume ?? randomUUID();
      this.answer({ data: [{ taskType, connectionSessionUUID: this.session }] });
      const code = this.service.rules.closeAfterAuth;
      if (code !== undefined) this.shut(code);
    } else if (taskType === "ping") {
      this.answer({ data: [{ taskType, pong: true }] });
    } else if (taskType === "imageUpload") {
      const imageUUID = randomUUID();
      this.service.uploads.set(imageUUID, String(task.image).length);
      this.answer({
        data: [{ taskType, taskUUID, imageUUID, imageURL: `https://cdn.example/${imageUUID}.png` }],
      });
    } else if (taskType === "imageInference" && typeof taskUUID === "string") {
      this.service.inferences.set(taskUUID, task);
      const imageUUID = randomUUID();
      this.answer({
        data: [{ taskType, taskUUID, imageUUID, imageURL: `https://cdn.example/${imageUUID}.png`, seed: 42 }],
      });
    }
  }
}
