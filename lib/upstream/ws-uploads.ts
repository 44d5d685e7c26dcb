import "server-only";
import { randomUUID } from "node:crypto";
import { logger } from "@/lib/platform/logger";
import { upstreamErrors } from "./errors";
import { type InlineImage, inlineImages, largestField, replaceAt } from "./inline-images";
import type { UpstreamError, UpstreamEvent } from "./types";
import type { WireTask } from "./wire";
import type { Outbox } from "./ws-outbox";
import type { Router } from "./ws-router";

interface Upload {
  owner: string;
  image: InlineImage;
  stop: () => void;
}

interface Parked {
  /** The task, with the UUIDs of the images uploaded so far in place of their data. */
  task: WireTask;
  /** Its uploads not yet answered. */
  pending: Set<string>;
}

/**
 * Images sent inline in a task go to the service first, each as an `imageUpload` task of its own
 * on the same socket; once each is answered with its `imageUUID`, the task goes with those UUIDs
 * in place of the data. A task message then stays a few kilobytes whatever its images weigh, and
 * an image too large for the service is refused alone, by name.
 *
 * Which images: those of at least `aboveChars` characters at once; after the service refused a
 * message for its size (close 1009, see `refused`), every inline image of the refused task.
 */
export class InlineUploads {
  private readonly parked = new Map<string, Parked>();
  private readonly uploads = new Map<string, Upload>();

  constructor(
    private readonly outbox: Pick<Outbox, "enqueue" | "enqueueOwned" | "unconfirm">,
    private readonly router: Pick<Router, "onTask" | "emit" | "onMessage">,
    /** Writes what is queued, if a socket is up. */
    private readonly flush: () => void,
    private readonly aboveChars: number,
  ) {
    // A new session in place of a lost one does not deliver the old one's answers, and an upload
    // the service took before the drop, sent again as it was, is only answered conflictTaskUUID:
    // each upload written and not answered goes again under a new UUID.
    router.onMessage((event) => {
      if (event.type === "connection" && event.change === "connected" && event.lostSessionUUID) {
        this.again();
      }
    });
  }

  /**
   * Sends a caller's tasks: resolves once all is written (the uploads, and the tasks without large
   * images). Uploads are queued before those tasks, so the tasks being written means the uploads
   * were; a deadline withdrawing any of it rejects, and the tasks waiting on uploads are dropped,
   * never to be sent.
   */
  send(tasks: readonly WireTask[], deadline?: AbortSignal): Promise<void> {
    const direct: WireTask[] = [];
    const sends: Promise<void>[] = [];
    const owners: string[] = [];
    for (const task of tasks) {
      const images = task.taskUUID === undefined ? [] : inlineImages(task, this.aboveChars);
      if (images.length === 0) {
        direct.push(task);
        continue;
      }
      owners.push(task.taskUUID as string);
      for (const message of this.park(task, images)) sends.push(this.outbox.enqueue(message, deadline));
    }
    if (direct.length > 0) sends.push(this.outbox.enqueue(direct, deadline));
    const all = Promise.all(sends).then(() => undefined);
    all.catch(() => {
      for (const owner of owners) this.drop(owner);
    });
    return all;
  }

  /**
   * The service refused `tasks`, one message of `chars` characters, for its size. Several tasks are
   * sent again one by one (a further refusal then names one); an upload refused ends its task; a
   * task with inline images has them all uploaded; a task with none ends: nothing of it can be
   * sent smaller.
   */
  refused(tasks: readonly WireTask[], chars: number): void {
    if (tasks.length > 1) {
      for (const task of tasks) this.enqueueOwned([task]);
      return;
    }
    const [task] = tasks;
    if (task?.taskUUID === undefined) return;
    const upload = this.uploads.get(task.taskUUID);
    if (upload) {
      this.end(upload.owner, upstreamErrors.imageTooLarge(upload.image.path, upload.image.chars));
      return;
    }
    const images = inlineImages(task, 1);
    if (images.length > 0) {
      for (const message of this.park(task, images)) this.enqueueOwned(message);
      return;
    }
    logger().warn({ taskUUID: task.taskUUID, chars }, "media service refused a task for its size");
    this.fail(task, upstreamErrors.taskTooLarge(largestField(task), chars));
  }

  /** Forgets everything (the session is closing). */
  clear(): void {
    for (const upload of this.uploads.values()) upload.stop();
    this.uploads.clear();
    this.parked.clear();
  }

  private again(): void {
    for (const [uploadUUID, upload] of [...this.uploads]) {
      const parked = this.parked.get(upload.owner);
      if (!parked || !this.outbox.unconfirm(uploadUUID)) continue;
      this.forget(uploadUUID);
      parked.pending.delete(uploadUUID);
      this.enqueueOwned(this.ask(upload.owner, parked, upload.image));
    }
  }

  /** Queues one message nobody waits on, written at once if a socket is up. */
  private enqueueOwned(tasks: readonly WireTask[]): void {
    this.outbox.enqueueOwned(tasks);
    this.flush();
  }

  /** Ends a task with `error`, its one final event. */
  private fail(task: WireTask, error: UpstreamError): void {
    const taskUUID = String(task.taskUUID);
    this.router.emit({ type: "error", taskUUID, error: { ...error, taskType: task.taskType, taskUUID } });
  }

  /** Holds `task` until its images are uploaded; answers the upload messages to send. */
  private park(task: WireTask, images: readonly InlineImage[]): WireTask[][] {
    const owner = task.taskUUID as string;
    const parked: Parked = { task, pending: new Set() };
    this.parked.set(owner, parked);
    return images.map((image) => this.ask(owner, parked, image));
  }

  /** A new upload of `image` for `parked`: the message to send. */
  private ask(owner: string, parked: Parked, image: InlineImage): WireTask[] {
    const uploadUUID = randomUUID();
    parked.pending.add(uploadUUID);
    const stop = this.router.onTask(uploadUUID, (event) => this.answered(uploadUUID, event), true);
    this.uploads.set(uploadUUID, { owner, image, stop });
    return [{ taskType: "imageUpload", taskUUID: uploadUUID, image: image.value }];
  }

  private answered(uploadUUID: string, event: UpstreamEvent): void {
    const upload = this.uploads.get(uploadUUID);
    if (!upload) return;
    if (event.type === "error") {
      this.end(upload.owner, upstreamErrors.uploadFailed(upload.image.path, event.error));
      return;
    }
    // An acknowledgment (or a resent upload the service holds): its result is still to come.
    if (event.type !== "item" || event.item.kind === "accepted") return;
    const { imageUUID } = event.item.result as { imageUUID?: unknown };
    if (typeof imageUUID !== "string" || imageUUID.length === 0) {
      const malformed = upstreamErrors.malformed("an image upload answered without an imageUUID");
      this.end(upload.owner, upstreamErrors.uploadFailed(upload.image.path, malformed));
      return;
    }
    this.forget(uploadUUID);
    const parked = this.parked.get(upload.owner);
    if (!parked) return;
    parked.task = replaceAt(parked.task, upload.image.path, imageUUID);
    parked.pending.delete(uploadUUID);
    if (parked.pending.size > 0) return;
    this.parked.delete(upload.owner);
    this.enqueueOwned([parked.task]);
  }

  /** The task waiting on uploads ends with `error`; its other uploads are no longer waited for. */
  private end(owner: string, error: UpstreamError): void {
    const parked = this.parked.get(owner);
    this.drop(owner);
    if (parked) this.fail(parked.task, error);
  }

  private drop(owner: string): void {
    const parked = this.parked.get(owner);
    this.parked.delete(owner);
    for (const uploadUUID of parked?.pending ?? []) this.forget(uploadUUID);
  }

  private forget(uploadUUID: string): void {
    this.uploads.get(uploadUUID)?.stop();
    this.uploads.delete(uploadUUID);
  }
}
