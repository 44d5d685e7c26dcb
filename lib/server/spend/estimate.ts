import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { IMAGE_DEFAULTS } from "@/lib/protocol/image-limits";
import {
  CONTROLNET_PREPROCESS_PRICE,
  imagePrice,
  PROMPT_ENHANCE_PRICE,
  VIDEO_PRICE_PER_SECOND,
  videoPrice,
} from "@/lib/protocol/service-prices";
import { withContractDefaults } from "@/lib/protocol/task-defaults";
import { VIDEO_DEFAULTS } from "@/lib/protocol/video-inference";
import { VIDEO_SIZES } from "@/lib/protocol/video-sizes";
import type { StudioDatabase } from "@/lib/server/db";
import { spendEntry } from "@/lib/server/db/schema";

export type EstimateSource = "engine" | "history" | "none";

export interface CostEstimate {
  /** USD for every result asked; null when there is no figure. */
  usd: number | null;
  results: number;
  source: EstimateSource;
}

/** What the price of one task depends on, read from the task as it would be sent. */
interface Shape {
  taskType: string;
  model: string | null;
  results: number;
  width: number;
  height: number;
  steps: number;
  seconds: number;
  audio: boolean;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/**
 * A video of `duration: "auto"` is estimated at 5 s: the contract names no length for it, and the
 * built-in engine renders it at 5 s.
 */
const AUTO_DURATION_SECONDS = 5;

/** An image without a size is priced at the service's 1k default: 1024 x 1024. */
const DEFAULT_IMAGE_SIDE = 1024;

function shapeOf(sent: Record<string, unknown>): Shape {
  // What the service will read: an omitted `steps` is 20, the same task as `steps: 20`.
  const task = withContractDefaults(sent);
  const taskType = String(task.taskType ?? "imageInference");
  const results = Math.max(1, Math.round(num(task.numberResults) ?? 1));
  const model = typeof task.model === "string" ? task.model : null;
  if (taskType === "videoInference") {
    const tier =
      typeof task.resolution === "string" && task.resolution in VIDEO_PRICE_PER_SECOND
        ? task.resolution
        : VIDEO_DEFAULTS.resolution;
    const fallback = VIDEO_SIZES.find((s) => s.tier === tier) ?? VIDEO_SIZES[0];
    const width = num(task.width) ?? fallback?.width ?? 1920;
    const height = num(task.height) ?? fallback?.height ?? 1080;
    const duration = num(task.duration) ?? AUTO_DURATION_SECONDS;
    const settings = (task.settings ?? {}) as Record<string, unknown>;
    const audio = typeof settings.audio === "boolean" ? settings.audio : VIDEO_DEFAULTS.settings.audio;
    return { taskType, model, results, width, height, steps: 0, seconds: duration, audio };
  }
  const width = num(task.width) ?? DEFAULT_IMAGE_SIDE;
  const height = num(task.height) ?? DEFAULT_IMAGE_SIDE;
  const steps = num(task.steps) ?? IMAGE_DEFAULTS.steps;
  const versions = num(task.promptVersions);
  return {
    taskType,
    model,
    results: taskType === "promptEnhance" && versions ? versions : results,
    width,
    height,
    steps,
    seconds: 0,
    audio: false,
  };
}

/** One result of `shape` at the service's published prices (lib/protocol/service-prices.ts). */
function publishedPrice(shape: Shape): number {
  switch (shape.taskType) {
    case "videoInference":
      return videoPrice(shape.width, shape.height, shape.seconds, shape.audio);
    case "imageControlNetPreProcess":
      return CONTROLNET_PREPROCESS_PRICE;
    case "promptEnhance":
      return PROMPT_ENHANCE_PRICE;
    case "imageInference":
      return imagePrice(shape.width, shape.height, shape.steps);
    default:
      return 0;
  }
}

/** Past results compared: enough for a mean, few enough for one indexed read. */
const HISTORY_ROWS = 50;
/** "A similar size": within a third either way of the pixels, and of the steps or seconds. */
const SIMILAR = 1 / 3;

/** The mean cost of one result this studio was charged for the same model at a similar size. */
async function historyPrice(db: StudioDatabase, shape: Shape): Promise<number | null> {
  const pixels = shape.width * shape.height;
  const near = (column: unknown, value: number) =>
    sql`(${column})::float8 between ${value * (1 - SIMILAR)}::float8 and ${value * (1 + SIMILAR)}::float8`;
  const recent = db
    .select({ usd: spendEntry.usd })
    .from(spendEntry)
    .where(
      and(
        shape.model === null ? sql`${spendEntry.model} is null` : eq(spendEntry.model, shape.model),
        eq(spendEntry.taskType, shape.taskType),
        shape.taskType === "imageInference" || shape.taskType === "videoInference"
          ? near(sql`${spendEntry.width}::float8 * ${spendEntry.height}`, pixels)
          : undefined,
        // Rows written before the ledger filled in defaults hold null for an omitted value.
        shape.taskType === "imageInference"
          ? near(sql`coalesce(${spendEntry.steps}, ${IMAGE_DEFAULTS.steps})`, shape.steps)
          : undefined,
        shape.taskType === "videoInference"
          ? near(sql`coalesce(${spendEntry.seconds}, ${AUTO_DURATION_SECONDS})`, shape.seconds)
          : undefined,
      ),
    )
    .orderBy(desc(spendEntry.at))
    .limit(HISTORY_ROWS)
    .as("recent");
  const [row] = await db.select({ mean: sql<number | null>`avg(${recent.usd})` }).from(recent);
  return row?.mean === null || row?.mean === undefined ? null : Number(row.mean);
}

const round = (usd: number) => Math.round(usd * 1e6) / 1e6;

/**
 * What `tasks` would cost. With the built-in engine, the published price table, which it charges
 * by exactly; with the real service, the mean of what this studio was charged for the same
 * model at a similar size and steps (one read per distinct kind of task), and no figure when any
 * kind has no history.
 */
export async function estimateCost(
  tasks: readonly Record<string, unknown>[],
  pricing: { embedded: boolean; db: StudioDatabase },
): Promise<CostEstimate> {
  const each = await estimateEach(tasks, pricing);
  const results = each.reduce((sum, e) => sum + e.results, 0);
  if (each.some((e) => e.usd === null)) return { usd: null, results, source: "none" };
  const usd = each.reduce((sum, e) => sum + (e.usd ?? 0), 0);
  return { usd: round(usd), results, source: pricing.embedded ? "engine" : "history" };
}

/**
 * What each of `tasks` would cost, in their order (null for a task whose kind has no figure):
 * what a budget admits task by task. Each distinct kind is priced once.
 */
export async function estimateEach(
  tasks: readonly Record<string, unknown>[],
  pricing: { embedded: boolean; db: StudioDatabase },
): Promise<{ usd: number | null; results: number }[]> {
  const shapes = tasks.map(shapeOf);
  if (pricing.embedded)
    return shapes.map((s) => ({ usd: round(publishedPrice(s) * s.results), results: s.results }));
  const units = new Map<string, Promise<number | null>>();
  const unitOf = (shape: Shape) => {
    const key = JSON.stringify([
      shape.taskType,
      shape.model,
      shape.width,
      shape.height,
      shape.steps,
      shape.seconds,
    ]);
    let unit = units.get(key);
    if (!unit) {
      unit = historyPrice(pricing.db, shape);
      units.set(key, unit);
    }
    return unit;
  };
  // One kind at a time: on the embedded database a transaction's reads share one connection.
  const out: { usd: number | null; results: number }[] = [];
  for (const shape of shapes) {
    const unit = await unitOf(shape);
    out.push({ usd: unit === null ? null : round(unit * shape.results), results: shape.results });
  }
  return out;
}
