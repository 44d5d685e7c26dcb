import "server-only";
import { createHash } from "node:crypto";
import { imageResultSchema, resultObjectSchema, videoResultSchema } from "@/lib/protocol/results";
import { scrubSecret } from "./config";
import type { AcceptedVia, PollItem, RequestOutcome, ResultItem, UpstreamError, UpstreamItem } from "./types";
import {
  readEnvelope,
  type WireEnvelope,
  type WireResult,
  type WireServiceError,
  wireGetResponseItemSchema,
} from "./wire";

/**
 * Wire types to app types. Every string that reaches the app from the service passes through
 * `scrubSecret` here, so a service echoing the key cannot leak it into the studio's records.
 */

export function reshapeError(wire: WireServiceError, secret: string): UpstreamError {
  const scrub = (s: string) => scrubSecret(s, secret);
  const out: UpstreamError = { code: scrub(wire.code), message: scrub(wire.message) };
  // A rule tying several fields together may name them all; the app's shape has one string.
  if (wire.parameter !== undefined) {
    out.parameter = scrub(Array.isArray(wire.parameter) ? wire.parameter.join(", ") : wire.parameter);
  }
  if (wire.type !== undefined) out.type = scrub(wire.type);
  if (wire.taskType !== undefined) out.taskType = wire.taskType;
  if (wire.taskUUID !== undefined) out.taskUUID = wire.taskUUID;
  const { retryAfter } = wire as { retryAfter?: unknown };
  if (typeof retryAfter === "number" && Number.isFinite(retryAfter) && retryAfter >= 0) {
    out.retryAfter = Math.min(retryAfter, 3_600);
  }
  return out;
}

/** Fields that identify a result's media, in the order they are looked for. */
const MEDIA_ID_FIELDS = ["imageUUID", "videoUUID", "guideImageUUID", "audioUUID"] as const;

function itemId(result: WireResult): string {
  for (const field of MEDIA_ID_FIELDS) {
    const value = result[field];
    if (typeof value === "string" && value.length > 0) return value;
  }
  // No media (prompt texts, model lists): the content is the identity.
  return `sha1:${createHash("sha1").update(JSON.stringify(result)).digest("hex")}`;
}

/** An acknowledgment carries only the task's identity. */
function isAck(result: WireResult): boolean {
  for (const key in result) if (key !== "taskType" && key !== "taskUUID") return false;
  return true;
}

export function reshapeResult(result: WireResult & { taskUUID: string }): ResultItem {
  const { taskUUID } = result;
  if (result.taskType === "imageInference") {
    const parsed = imageResultSchema.safeParse(result);
    if (parsed.success) {
      return {
        kind: "image",
        taskType: "imageInference",
        taskUUID,
        id: parsed.data.imageUUID,
        result: parsed.data,
      };
    }
  } else if (result.taskType === "videoInference") {
    const parsed = videoResultSchema.safeParse(result);
    if (parsed.success) {
      return {
        kind: "video",
        taskType: "videoInference",
        taskUUID,
        id: parsed.data.videoUUID,
        result: parsed.data,
      };
    }
  }
  return { kind: "other", taskType: result.taskType, taskUUID, id: itemId(result), result };
}

/** A `data` item as the app sees it; null for items that concern no task (pong, authentication). */
export function reshapeItem(result: WireResult): UpstreamItem | null {
  const { taskUUID } = result;
  if (typeof taskUUID !== "string" || taskUUID.length === 0) return null;
  if (result.taskType === "authentication" || result.taskType === "ping") return null;
  if (isAck(result)) return accepted(result.taskType, taskUUID, "ack");
  return reshapeResult({ ...result, taskUUID });
}

export function accepted(taskType: string, taskUUID: string, via: AcceptedVia): UpstreamItem {
  return { kind: "accepted", taskType, taskUUID, via };
}

export function reshapeEnvelope(envelope: WireEnvelope, secret: string): RequestOutcome {
  const data: UpstreamItem[] = [];
  const errors = envelope.errors.map((e) => reshapeError(e, secret));
  for (const result of envelope.data) {
    const failed = reshapeFailedItem(result, secret);
    if (failed) errors.push(failed);
    const item = failed ? null : reshapeItem(result);
    if (item) data.push(item);
  }
  return { data, errors };
}

/** One `getResponse` item; `index` is its place in the answer's stable order. */
export function reshapePollItem(raw: WireResult, index: number, secret: string): PollItem {
  const taskType = raw.taskType;
  const taskUUID = typeof raw.taskUUID === "string" ? raw.taskUUID : "";
  const parsed = wireGetResponseItemSchema.safeParse(raw);
  if (parsed.success) {
    const item = parsed.data;
    if (item.status === "processing") {
      return item.progress === undefined
        ? { status: "processing", index, taskType, taskUUID }
        : { status: "processing", index, taskType, taskUUID, progress: item.progress };
    }
    if (item.status === "error") {
      const error = reshapeError({ ...item.error, taskType, taskUUID }, secret);
      return { status: "error", index, taskType, taskUUID, error };
    }
    return { status: "success", index, taskType, taskUUID, item: reshapeResult({ ...raw, taskUUID }) };
  }
  // Not in the known shapes: keep what can be kept rather than lose a paid-for result.
  const status = (raw as { status?: unknown }).status;
  if (status === "processing") return { status: "processing", index, taskType, taskUUID };
  if (status === "success") {
    return { status: "success", index, taskType, taskUUID, item: reshapeResult({ ...raw, taskUUID }) };
  }
  const detail = (raw as { error?: { code?: unknown; message?: unknown } }).error;
  const error = reshapeError(
    {
      code: typeof detail?.code === "string" ? detail.code : "internalServerError",
      message:
        typeof detail?.message === "string"
          ? detail.message
          : "The service reported this item in an unknown state.",
      taskType,
      taskUUID,
    },
    secret,
  );
  return { status: "error", index, taskType, taskUUID, error };
}

/**
 * A pushed result whose `status` is `error` (the shape of a failed `getResponse` item): its error,
 * with the task's type and UUID; null for anything else.
 */
export function reshapeFailedItem(
  raw: WireResult,
  secret: string,
): (UpstreamError & { taskUUID: string }) | null {
  const { taskUUID } = raw;
  if ((raw as { status?: unknown }).status !== "error" || typeof taskUUID !== "string" || !taskUUID)
    return null;
  const item = reshapePollItem(raw, 0, secret);
  return item.status === "error" ? { ...item.error, taskUUID } : null;
}

/** A webhook's body as the app sees it: the task it concerns, its results and its failures. */
export interface WebhookDelivery {
  taskUUID: string;
  items: ResultItem[];
  errors: UpstreamError[];
}

/**
 * A body the service POSTed to a webhook: one result object; an envelope (`{ data }`,
 * `{ errors }`); a result item whose `status` is `error` with an `error` object; or a bare error
 * object. Null when it is none of those or names no task. Strings are scrubbed as everywhere.
 */
export function reshapeWebhook(body: unknown, secret: string): WebhookDelivery | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  const ownUUID = typeof record.taskUUID === "string" && record.taskUUID.length > 0 ? record.taskUUID : null;
  const taskType = typeof record.taskType === "string" ? record.taskType : undefined;
  let items: ResultItem[] = [];
  let errors: UpstreamError[] = [];
  if ("data" in record || "errors" in record) {
    const envelope = readEnvelope(body);
    if (!envelope) return null;
    const outcome = reshapeEnvelope(envelope, secret);
    items = outcome.data.filter((i): i is ResultItem => i.kind !== "accepted");
    errors = outcome.errors;
  } else if (
    record.status === "error" ||
    (typeof record.code === "string" && typeof record.message === "string")
  ) {
    const detail = (record.status === "error" ? record.error : record) as {
      code?: unknown;
      message?: unknown;
    };
    errors = [
      reshapeError(
        {
          code: typeof detail?.code === "string" ? detail.code : "internalServerError",
          message: typeof detail?.message === "string" ? detail.message : "The service reported an error.",
          ...(typeof record.parameter === "string" ? { parameter: record.parameter } : {}),
          ...(taskType ? { taskType } : {}),
          ...(ownUUID ? { taskUUID: ownUUID } : {}),
        },
        secret,
      ),
    ];
  } else {
    const parsed = resultObjectSchema.safeParse(body);
    if (!parsed.success || !ownUUID) return null;
    items = [reshapeResult({ ...parsed.data, taskUUID: ownUUID })];
  }
  const taskUUID = ownUUID ?? items[0]?.taskUUID ?? errors.find((e) => e.taskUUID)?.taskUUID;
  if (!taskUUID) return null;
  return {
    taskUUID,
    items: items.filter((i) => i.taskUUID === taskUUID),
    errors: errors.filter((e) => e.taskUUID === undefined || e.taskUUID === taskUUID),
  };
}
