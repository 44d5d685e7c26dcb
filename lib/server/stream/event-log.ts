import "server-only";
import { randomUUID } from "node:crypto";
import type { GalleryChange, GalleryItem, StreamEvent, TaskUpdate } from "@/lib/studio/stream-events";

/** Who an event is for: every member (gallery items) or one user (their task's progress). */
export type Audience = { team: true } | { userId: string };

interface Entry {
  seq: number;
  at: number;
  audience: Audience;
  event: StreamEvent;
}

export interface EventLogOptions {
  /** Events kept for resumes, at most (oldest dropped first). */
  maxEvents?: number;
  /** And no older than this; the contract keeps undelivered results for 120 s upstream too. */
  maxAgeMs?: number;
  now?: () => number;
}

type Listener = (event: StreamEvent, audience: Audience) => void;

/**
 * The relay's memory: one sequence for the process, a bounded window of recent events for
 * browsers that drop and come back, and the live listeners (one per open socket).
 */
export class EventLog {
  readonly epoch = randomUUID();
  private seq = 0;
  private entries: Entry[] = [];
  private readonly listeners = new Set<Listener>();
  private deliveredAt: number | null = null;
  private readonly maxEvents: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(options: EventLogOptions = {}) {
    this.maxEvents = options.maxEvents ?? 2000;
    this.maxAgeMs = options.maxAgeMs ?? 120_000;
    this.now = options.now ?? Date.now;
  }

  get lastSeq(): number {
    return this.seq;
  }

  publishItem(item: GalleryItem): void {
    this.publish({ team: true }, (seq) => ({ type: "item", epoch: this.epoch, seq, item }));
  }

  publishTask(userId: string, task: TaskUpdate): void {
    this.publish({ userId }, (seq) => ({ type: "task", epoch: this.epoch, seq, task }));
  }

  /** A review gallery change: for the team, or (an inbox count) for one member. */
  publishGallery(change: GalleryChange, audience: Audience = { team: true }): void {
    this.publish(audience, (seq) => ({ type: "gallery", epoch: this.epoch, seq, change }));
  }

  /** When the newest event delivered to the listeners was made (ms), or null before the first. */
  get newestDeliveredAt(): number | null {
    return this.deliveredAt;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * What a user missed since `since` in `epoch`: the events, or null when they cannot be
   * replayed (another epoch, or older than the window) and the browser must refetch.
   */
  missed(userId: string, epoch: string, since: number): StreamEvent[] | null {
    this.trim();
    if (epoch !== this.epoch || since > this.seq) return null;
    const first = this.entries[0];
    if (since < this.seq && (!first || first.seq > since + 1)) return null;
    return this.entries.filter((e) => e.seq > since && isFor(e.audience, userId)).map((e) => e.event);
  }

  private publish(audience: Audience, build: (seq: number) => StreamEvent): void {
    this.seq += 1;
    const event = build(this.seq);
    const at = this.now();
    this.entries.push({ seq: this.seq, at, audience, event });
    this.trim();
    for (const listener of this.listeners) listener(event, audience);
    this.deliveredAt = at;
  }

  private trim(): void {
    const oldest = this.now() - this.maxAgeMs;
    let drop = Math.max(0, this.entries.length - this.maxEvents);
    while (drop < this.entries.length && (this.entries[drop]?.at ?? 0) < oldest) drop++;
    if (drop > 0) this.entries = this.entries.slice(drop);
  }
}

export function isFor(audience: Audience, userId: string): boolean {
  return "team" in audience || audience.userId === userId;
}
