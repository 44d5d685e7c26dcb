import "server-only";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { withContractDefaults } from "@/lib/protocol/task-defaults";
import type { StudioDatabase } from "@/lib/server/db";
import { batchPerDatabase, InsertBatch } from "@/lib/server/db/insert-batch";
import { spendEntry, user } from "@/lib/server/db/schema";
import { monthRange } from "@/lib/studio/spend/month";

/** One charged result, with the facts spend is summed and estimated by. */
export interface SpendInput {
  key: string;
  taskUUID: string;
  memberId: string;
  taskType: string;
  /** The task as sent: its model, size, steps and duration are copied. */
  params: Record<string, unknown>;
  usd: number;
  at?: Date;
}

const whole = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.round(v) : null);

/**
 * Writes what one result cost. A result that reported no cost (the task did not ask, or a
 * failure) writes nothing; the same result heard by two routes is written once.
 */
export async function recordSpend(db: StudioDatabase, input: SpendInput): Promise<void> {
  if (!Number.isFinite(input.usd) || input.usd < 0) return;
  // Recorded as the service read it, so that a task sent without `steps` is found again by one
  // sent with `steps: 20` (and the other way round).
  const p = withContractDefaults({ ...input.params, taskType: input.taskType });
  await spendInserts(db).add({
    key: input.key,
    taskUUID: input.taskUUID,
    memberId: input.memberId,
    taskType: input.taskType,
    model: typeof p.model === "string" ? p.model : null,
    width: whole(p.width),
    height: whole(p.height),
    steps: whole(p.steps),
    seconds: typeof p.duration === "number" && Number.isFinite(p.duration) ? p.duration : null,
    usd: input.usd,
    ...(input.at ? { at: input.at } : {}),
  });
}

/** Results charged at the same moment (a task's, arriving together) are written in one statement. */
const spendInserts = batchPerDatabase(
  (db: StudioDatabase) =>
    new InsertBatch(async (rows: (typeof spendEntry.$inferInsert)[]) => {
      await db.insert(spendEntry).values(rows).onConflictDoNothing();
      return rows.map(() => undefined);
    }),
);

/** USD spent in `month` (UTC), by everyone or by one member. */
export async function spentIn(db: StudioDatabase, month: string, memberId?: string): Promise<number> {
  const { from, to } = monthRange(month);
  const [row] = await db
    .select({ usd: sql<number | null>`sum(${spendEntry.usd})` })
    .from(spendEntry)
    .where(
      and(
        gte(spendEntry.at, from),
        lt(spendEntry.at, to),
        memberId === undefined ? undefined : eq(spendEntry.memberId, memberId),
      ),
    );
  return row?.usd === null || row?.usd === undefined ? 0 : Number(row.usd);
}

/** The month's spend summed by UTC day, member and model; one member's only when asked. */
export async function spendRows(db: StudioDatabase, month: string, memberId?: string) {
  const { from, to } = monthRange(month);
  const day = sql<string>`to_char(${spendEntry.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      memberId: spendEntry.memberId,
      memberName: user.name,
      model: spendEntry.model,
      usd: sql<number>`sum(${spendEntry.usd})`,
      results: sql<number>`count(*)::int`,
    })
    .from(spendEntry)
    .leftJoin(user, eq(user.id, spendEntry.memberId))
    .where(
      and(
        gte(spendEntry.at, from),
        lt(spendEntry.at, to),
        memberId === undefined ? undefined : eq(spendEntry.memberId, memberId),
      ),
    )
    .groupBy(day, spendEntry.memberId, user.name, spendEntry.model)
    .orderBy(day, spendEntry.memberId, spendEntry.model);
  return rows.map((r) => ({ ...r, usd: Number(r.usd), results: Number(r.results) }));
}

/** The month's summary as `GET /api/spend` answers it. */
export async function spendSummary(db: StudioDatabase, month: string, memberId?: string) {
  const rows = await spendRows(db, month, memberId);
  const names = new Map<string, string>();
  for (const r of rows) names.set(r.memberId, r.memberName ?? "A removed member");
  return {
    month,
    scope: memberId === undefined ? ("team" as const) : ("mine" as const),
    total: rows.reduce((sum, r) => sum + r.usd, 0),
    rows: rows.map(({ memberName: _name, ...r }) => r),
    members: [...names].map(([id, name]) => ({ id, name })),
  };
}
