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
 * was most of the studio's time. Sockets whose frames in a window are the same share one buffer:
 * a window costs a copy for the team's events and one per member who also had their own, not one
 * per socket or per member.
 * A socket that stops reading does not slow the others: its bytes wait in its own buffer (the
 * outlet decides when that is too much). One event stays one message: browsers see no difference.
 */
export class Fanout {
  private queue: Queue = [];
  /** Whether every event in the queue is for the whole team (then every socket's bytes are the same). */
  private teamOnly = true;
  private readonly outlets = new Map<Outlet, Pending>();
  /** Outlets with frames of their own this window. */
  private owning = new Set<Outlet>();
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

  /**
   * Writes this window's frames now (the timer does it `windowMs` after the first). The sockets
   * are walked in place, not copied: a thousand of them a hundred times a second, the walk is
   * what the relay does beyond the write itself, so it does nothing per socket that a group of
   * sockets can share (the team's frames are joined once, a member's once).
   */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const window = new Window(this.queue, this.teamOnly);
    const owning = this.owning;
    this.queue = [];
    this.teamOnly = true;
    this.owning = new Set();
    // An outlet added while this runs (none is: sockets join from their own callbacks) would be
    // walked too, with nothing of this window for it.
    if (window.queue.length > 0) for (const [outlet, pending] of this.outlets) window.write(outlet, pending);
    else
      for (const outlet of owning) {
        const pending = this.outlets.get(outlet);
        if (pending) window.write(outlet, pending);
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
    this.timer = setTimeout(() => {
      // It has run: `flush` need not clear it (clearing a timer that already ran still costs Node
      // a search of its timer lists, a hundred times a second).
      this.timer = null;
      this.flush();
    }, this.windowMs);
  }
}

type Queue = { frame: Buffer; audience: Audience }[];

/** One window's writes: what sockets share is joined once for all of them. */
class Window {
  /** Every frame of the window, when each is for the whole team. */
  private everyone: Buffer | null = null;
  private readonly ofMember = new Map<string, Buffer>();
  private readonly joined = new Joined();

  constructor(
    readonly queue: Queue,
    private readonly teamOnly: boolean,
  ) {}

  write(outlet: Outlet, pending: Pending): void {
    let chunk: Buffer;
    if (pending.skip === 0 && pending.own.length === 0) chunk = this.common(outlet.userId);
    else {
      chunk = this.joined.of(merged(this.queue, pending, outlet.userId));
      pending.skip = 0;
      pending.own = [];
    }
    if (chunk.length === 0) return;
    try {
      outlet.write(chunk);
    } catch {
      // A socket that broke while writing is closing; the others still get theirs.
    }
  }

  /**
   * What the window brings every socket of a member that joined before it and has nothing of its
   * own: members whose frames are the same (none of them had one of their own) share one buffer.
   */
  private common(userId: string): Buffer {
    if (this.teamOnly) {
      this.everyone ??= this.joined.of(framesFor(this.queue, userId));
      return this.everyone;
    }
    let chunk = this.ofMember.get(userId);
    if (!chunk) {
      chunk = this.joined.of(framesFor(this.queue, userId));
      this.ofMember.set(userId, chunk);
    }
    return chunk;
  }
}

function framesFor(queue: Queue, userId: string): Buffer[] {
  const frames: Buffer[] = [];
  for (const entry of queue) if (isFor(entry.audience, userId)) frames.push(entry.frame);
  return frames;
}

/** The frames of a socket that joined mid-window or has frames of its own, in order. */
function merged(queue: Queue, pending: Pending, userId: string): Buffer[] {
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
