import "server-only";
import { randomUUID } from "node:crypto";
import { logger } from "@/lib/platform/logger";
import type { recordItem } from "@/lib/server/db";
import { freshItemView } from "@/lib/server/items/item-view";
import { deleteThumbs, thumbOnKeep } from "@/lib/server/items/thumbnails";
import { studioMetrics } from "@/lib/server/ops/metrics";
import { stampTask } from "@/lib/server/ops/task-timeline";
import { recordSpend } from "@/lib/server/spend/ledger";
import { itemMediaKey, type MediaStorage } from "@/lib/server/storage";
import type { ImageItem, VideoItem } from "@/lib/upstream";
import type { Flight } from "./flight";
import type { KeeperDeps } from "./keeper-deps";
import type { KeeperState } from "./keeper-state";
import { resultMedia } from "./media-bytes";
import { recordResult as recordFlightResult, seedCountOf } from "./record-owner";
import { mediaSize, withRetries } from "./result-media";

type Result = ImageItem | VideoItem;
type Media = { bytes: Buffer; mime: string };
type Size = Awaited<ReturnType<typeof mediaSize>>;
type Recorded = Awaited<ReturnType<typeof recordItem>>;

/** Downloads, stores and records one result: true when it now counts (kept, or lost for good). */
export async function keepResult(
  deps: KeeperDeps,
  state: KeeperState,
  flight: Flight,
  item: Result,
  index: number | null,
): Promise<boolean> {
  await chargeResult(deps, flight, item);
  const fetched = await fetchMedia(deps, state, flight, item, index);
  if (!("media" in fetched)) return fetched.counts;
  const { media } = fetched;
  let size: Size;
  let stored: Stored | null = null;
  let recorded: Recorded;
  try {
    size = await mediaSize(item, media, flight.params);
    stored = await storeMedia(deps.storage, item, media, size);
    recorded = await recordResult(deps, flight, item, index, media, size, stored);
  } catch (err) {
    // Not kept (its bytes unreadable, the disk or the database failing): the result counts as
    // lost, as one that could not be downloaded does, so the task ends and its member's slot is
    // freed instead of waiting for ever on a result already heard; a later delivery still keeps it.
    if (stored) await dropStored(deps.storage, stored);
    return notKept(state, flight, item, index, err);
  }
  if (!recorded.created) {
    // Another route stored this result first, possibly under another key (a month boundary):
    // the bytes just written are nobody's.
    if (recorded.item.storageKey !== stored.storageKey) await dropStored(deps.storage, stored);
    // Another studio instance kept it (its socket got it too): it counts here all the same, so
    // this instance settles the task it watches without waiting for its poll, and announces
    // nothing (the other did).
    if (state.flights.get(item.taskUUID) !== flight) return false;
    flight.done += 1;
    return true;
  }
  flight.done += 1;
  // A failed count costs the card its stack's size, not the result.
  const seedCount = await seedCountOf(deps.db, flight, recorded.item).catch((err: unknown) => {
    logger().warn({ err, taskUUID: item.taskUUID }, "seed stack not counted");
    return 1;
  });
  announceKept(deps, flight, item, recorded, stored.bytes, seedCount);
  return true;
}

function notKept(
  state: KeeperState,
  flight: Flight,
  item: Result,
  index: number | null,
  err: unknown,
): boolean {
  flight.seen.delete(item.id);
  logger().error({ err, taskUUID: item.taskUUID, mediaUUID: item.id }, "result not kept");
  if (state.closing) return false;
  flight.failures.set(`media:${item.id}`, {
    error: {
      code: "mediaUnavailable",
      message: `The result ${item.id} arrived but could not be kept: ${err instanceof Error ? err.message : err}`,
    },
    index,
  });
  return true;
}

/** Charged before its media is fetched: a result whose download fails was still paid for. */
async function chargeResult(deps: KeeperDeps, flight: Flight, item: Result): Promise<void> {
  if (typeof item.result.cost !== "number") return;
  await recordSpend(deps.db, {
    key: item.id,
    taskUUID: item.taskUUID,
    memberId: flight.authorId,
    taskType: flight.taskType,
    params: flight.params,
    usd: item.result.cost,
  }).catch((err: unknown) => logger().warn({ err, taskUUID: item.taskUUID }, "spend not recorded"));
}

/** The result's bytes from the service; when they cannot be had, whether the result counts all the same. */
async function fetchMedia(
  deps: KeeperDeps,
  state: KeeperState,
  flight: Flight,
  item: Result,
  index: number | null,
): Promise<{ media: Media } | { counts: boolean }> {
  const { signal } = state.stop;
  let media: Media;
  try {
    media = await withRetries(() => resultMedia(item, deps.upstreamOrigin, signal), signal);
  } catch (err) {
    flight.seen.delete(item.id);
    // Cut short by the studio stopping: the next start takes the task up and fetches it then.
    if (state.closing) return { counts: false };
    // One result lost, not the task: the others still count (and a later delivery of this one).
    flight.failures.set(`media:${item.id}`, {
      error: {
        code: "mediaUnavailable",
        message: `The result ${item.id} could not be downloaded from the service: ${err instanceof Error ? err.message : err}`,
      },
      index,
    });
    return { counts: true };
  }
  flight.failures.delete(`media:${item.id}`);
  stampTask(item.taskUUID, "fetched");
  return { media };
}

interface Stored {
  storageKey: string;
  bytes: number;
  thumb: Promise<void>;
}

async function storeMedia(storage: MediaStorage, item: Result, media: Media, size: Size): Promise<Stored> {
  // Under the studio's own id, never the service's: the key is in every media URL the studio
  // gives out, and the service's id would name the service's copy of the file.
  const storageKey = itemMediaKey(randomUUID(), media.mime);
  // Named by nothing until it is recorded, after this: written in place.
  const { bytes } = await storage.put(storageKey, media.bytes, { mime: media.mime, unnamed: true });
  // Made now, once, from the bytes in hand, so the first grid or card to show it need not wait.
  const thumb = thumbOnKeep(
    storage,
    { storageKey, kind: item.kind, durationSeconds: size.durationSeconds },
    media.bytes,
  );
  return { storageKey, bytes, thumb };
}

async function dropStored(storage: MediaStorage, stored: Stored): Promise<void> {
  await stored.thumb;
  await deleteThumbs(storage, stored.storageKey);
  await storage.delete(stored.storageKey).catch(() => undefined);
}

function recordResult(
  deps: KeeperDeps,
  flight: Flight,
  item: Result,
  index: number | null,
  media: Media,
  size: Size,
  stored: Stored,
): Promise<Recorded> {
  return recordFlightResult(deps.db, flight, {
    taskUUID: item.taskUUID,
    index,
    mediaUUID: item.id,
    kind: item.kind,
    mime: media.mime,
    width: size.width,
    height: size.height,
    durationSeconds: size.durationSeconds,
    seed: String(item.result.seed),
    cost: item.result.cost ?? null,
    nsfw: item.result.NSFWContent ?? null,
    notDrawn: item.kind === "image" ? (item.result.notDrawn ?? null) : null,
    storageKey: stored.storageKey,
    bytes: stored.bytes,
  });
}

function announceKept(
  deps: KeeperDeps,
  flight: Flight,
  item: Result,
  recorded: Recorded,
  bytes: number,
  seedCount: number,
): void {
  stampTask(item.taskUUID, "kept");
  if (flight.sentAt !== undefined) {
    studioMetrics().resultLatency.observe(
      { type: flight.taskType },
      (performance.now() - flight.sentAt) / 1000,
    );
  }
  logger().info(
    { requestId: flight.requestId, taskUUID: item.taskUUID, mediaUUID: item.id, bytes },
    "result kept",
  );
  // The live card is the same view a reload reads (review state and rating included, and the seed
  // stack's size as the gallery page counts it), made from what recording it read.
  const card = freshItemView(recorded.item, recorded.owner);
  deps.log.publishItem(seedCount > 1 ? { ...card, seedCount } : card);
  stampTask(item.taskUUID, "announced");
}
