import "server-only";
import type { Task } from "@/lib/protocol/envelope";
import type { ServiceError } from "@/lib/protocol/errors";
import type { CatalogModel } from "../models/catalog";
import type { Renderer } from "../render/renderer";
import type { Clock } from "../shared/clock";
import type { MediaKind, MediaStore } from "../store/media-store";
import type { MediaInputs } from "./media-inputs";

/**
 * One processor per task type (docs/conventions.md, "One processor per task type"). The core owns everything common to tasks:
 * the task record, sync/async delivery, polling, webhooks, uploads, media storage and output
 * encoding (URL / base64Data / dataURI), cost and safety fields. A processor only says how many
 * results a task yields and produces each one, reporting progress.
 */

export interface ProcessorContext {
  media: MediaStore;
  inputs: MediaInputs;
  renderer: Renderer;
  catalog: readonly CatalogModel[];
  clock: Clock;
  /** Aborted when the engine closes. */
  signal: AbortSignal;
}

export interface ItemContext {
  /** 0-based position among the task's results. */
  index: number;
  /** 0-100 for this result. */
  progress(percent: number): void;
}

export type OutputType = "URL" | "base64Data" | "dataURI";

/** Media a result carries; the core stores it and encodes it as the task's outputType asks. */
export interface OutputMedia {
  bytes: Buffer;
  mime: string;
  width?: number;
  height?: number;
  kind: MediaKind;
  /** Field prefix: `image` gives imageUUID + imageURL / imageBase64Data / imageDataURI. */
  field: "image" | "video" | "guideImage";
  outputType: OutputType;
  /** Lifetime of the stored file; default by kind (media-store.ts). */
  ttlMs?: number;
  /** Use this UUID (e.g. imageUpload keeps none given); default a new UUID v4. */
  uuid?: string;
}

export interface ItemOutput {
  /** Result fields besides taskType, taskUUID and the media fields. */
  fields: Record<string, unknown>;
  media?: OutputMedia;
  /** USD for this result; reported only when the task asked with `includeCost`. */
  cost?: number;
  /** Extra fields for the webhook body only (image webhooks carry model, width, height). */
  webhookFields?: Record<string, unknown>;
}

export interface Processor<T extends Task = Task, P = unknown> {
  /** Results the task yields: numberResults, promptVersions, or 1. */
  itemCount(task: T): number;
  /** Async tasks are acknowledged at once and run in the background. */
  isAsync(task: T): boolean;
  /** Cheap local checks (referenced UUIDs exist...) that fail a task before it is acknowledged. */
  precheck?(task: T, ctx: ProcessorContext): ServiceError | null;
  /** Loads what every result needs (input media); throws ServiceErrorException on bad input. */
  prepare(task: T, ctx: ProcessorContext): Promise<P>;
  runItem(task: T, prepared: P, item: ItemContext, ctx: ProcessorContext): Promise<ItemOutput>;
}
