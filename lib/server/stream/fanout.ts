import "server-only";
import { type Audience, isFor } from "./event-log";

/** Where a socket's frames go: one write per window of whole WebSocket frames, in order. */
export interface Outlet {
  readonly userId: string;
  write(frames: Buffer): void;
}

interface Pending {
  /** Frames of the window already sent to it (it joined mid-window, after it had them). */
  skip: number;
  /** Frames for it alone, each placed before `queue[at]`. */
  own: { at: number; frame: Buffer }[];
}

/**
 * The relay's writes: every event is one WebSocket message framed once, and what a window of
 * `windowMs` brings to a socket leaves in a single write of those frames back to back. A write is
 * a system call; with a thousand sockets at a thousand events a second, one per event per socket
 * was most of the studio's time. Sockets whose frames in a window are the same (the team's events,
 * or one member's) share one buffer, so a window costs a copy per member at most, not per socket.
 * A socket that stops reading does not slow the others: its bytes wait in its own buffer (the
 * outlet decides when that is too much). One event stays one message: browsers see no difference.
 */
export class Fanout {
  private queue: { frame: Buffer; audience: Audience }[] = [];
  /** Whether every event in the queue is for the whole team (then every socket's bytes are the same). */
  private teamOnly = true;
  private readonly outlets = new Map<Outlet, Pending>();
  /** Outlets with frames of their own this window. */
  private readonly owning = new Set<Outlet>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly windowMs: number) {}

  /** The outlet gets what is broadcast from now on (nothing already in this window). */
  add(outlet: Outlet): void {
    if (!this.outlets.has(outlet)) this.outlets.set(outlet, { skip: this.queue.length, own: [] });
  }

  remove(outlet: Outlet): void {
    this.outlets.delete(outlet);
    this.owning.delete(outlet);
  }

  has(outlet: Outlet): boolean {
    return this.outlets.has(outlet);
  }

  get size(): number {
    return this.outlets.size;
  }

  /** A framed event for every outlet its audience names. */
  broadcast(frame: Buffer, audience: Audience): void {
    if (this.outlets.size === 0) return;
    this.queue.push({ frame, audience });
    if (!("team" in audience)) this.teamOnly = false;
    this.schedule();
  }

  /** A framed event for one outlet, in order with what is broadcast to it; false if it is not here. */
  send(outlet: Outlet, frame: Buffer): boolean {
    const pending = this.outlets.get(outlet);
    if (!pending) return false;
    pending.own.push({ at: this.queue.length, frame });
    this.owning.add(outlet);
    this.schedule();
    return true;
  }

  /** Writes this window's frames now (the timer does it `windowMs` after the first). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const queue = this.queue;
    const teamOnly = this.teamOnly;
    this.queue = [];
    this.teamOnly = true;
    const shared = new Map<string, Buffer>();
    const sameFrames = new Joined();
    const targets = queue.length > 0 ? [...this.outlets.keys()] : [...this.owning];
    this.owning.clear();
    for (const outlet of targets) {
      const pending = this.outlets.get(outlet);
      if (!pending) continue;
      let chunk: Buffer;
      if (pending.skip === 0 && pending.own.length === 0) {
        const key = teamOnly ? "" : outlet.userId;
        chunk = shared.get(key) ?? framesFor(queue, outlet.userId);
        shared.set(key, chunk);
      } else {
        chunk = sameFrames.of(merged(queue, pending, outlet.userId));
        pending.skip = 0;
        pending.own = [];
      }
      if (chunk.length === 0) continue;
      try {
        outlet.write(chunk);
      } catch {
        // A socket that broke while writing is closing; the others still get theirs.
      }
    }
  }

  /** Drops what is pending and stops the timer. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    this.outlets.clear();
    this.owning.clear();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.windowMs);
  }
}

function framesFor(queue: { frame: Buffer; audience: Audience }[], userId: string): Buffer {
  const frames: Buffer[] = [];
  for (const entry of queue) if (isFor(entry.audience, userId)) frames.push(entry.frame);
  return frames.length === 1 ? (frames[0] as Buffer) : Buffer.concat(frames);
}

/** The frames of a socket that joined mid-window or has frames of its own, in order. */
function merged(queue: { frame: Buffer; audience: Audience }[], pending: Pending, userId: string): Buffer[] {
  const frames: Buffer[] = [];
  let o = 0;
  for (let i = pending.skip; i <= queue.length; i++) {
    for (let own = pending.own[o]; own && own.at <= i; own = pending.own[++o]) frames.push(own.frame);
    const entry = queue[i];
    if (entry && isFor(entry.audience, userId)) frames.push(entry.frame);
  }
  return frames;
}

/**
 * One window's chunks by the frames they join: sockets sent the same frames (a page's presence
 * event, the same object for every tab there, is framed once) share one buffer, not a copy each.
 */
class Joined {
  private readonly ids = new Map<Buffer, number>();
  private readonly chunks = new Map<string, Buffer>();

  of(frames: Buffer[]): Buffer {
    if (frames.length === 0) return EMPTY;
    if (frames.length === 1) return frames[0] as Buffer;
    let key = "";
    for (const frame of frames) {
      let id = this.ids.get(frame);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(frame, id);
      }
      key += `${id},`;
    }
    let chunk = this.chunks.get(key);
    if (!chunk) {
      chunk = Buffer.concat(frames);
      this.chunks.set(key, chunk);
    }
    return chunk;
  }
}

const EMPTY = Buffer.alloc(0);

/**
 * A WebSocket text message as a server sends it (RFC 6455 §5.2: final, unmasked, no extension),
 * so the same bytes can be written to any number of sockets without `ws` framing them each time.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81;
  if (header === 2) frame[1] = length;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, header);
  return frame;
}
