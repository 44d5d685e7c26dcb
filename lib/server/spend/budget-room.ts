import "server-only";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { outerColumn } from "@/lib/server/db/outer-column";
import { spendBudget, spendEntry, TEAM_BUDGET, task } from "@/lib/server/db/schema";
import { estimateCost } from "./estimate";
import { spentIn } from "./ledger";

/** One budget that applies to a member's work, with what is left of it this month. */
export interface BudgetLine {
  scope: "team" | "member";
  /** USD a month. */
  usd: number;
  /** Charged this month. */
  spent: number;
  /** Held by tasks still running, less what their results were already charged. */
  pending: number;
}

/**
 * The budgets that apply to `authorId`'s work, the team's first, read in scope order. With `lock`,
 * the rows are locked until the transaction ends (`db` must be one): every admission under the
 * same budget then takes its turn, on this studio and on any other sharing the database, and the
 * order keeps two admissions from locking the same rows the other way round.
 */
export async function budgetRows(db: StudioDatabase, authorId: string, lock: boolean) {
  const query = db
    .select({ scope: spendBudget.scope, usd: spendBudget.usd })
    .from(spendBudget)
    .where(inArray(spendBudget.scope, [TEAM_BUDGET, authorId]))
    .orderBy(asc(spendBudget.scope));
  const rows = lock ? await query.for("update") : await query;
  return [...rows].sort((a, b) => Number(b.scope === TEAM_BUDGET) - Number(a.scope === TEAM_BUDGET));
}

/** Each budget row with this month's spend and what running tasks hold of it. */
export async function budgetLines(
  db: StudioDatabase,
  rows: readonly { scope: string; usd: number }[],
  month: string,
  authorId: string,
  embedded: boolean,
): Promise<BudgetLine[]> {
  const lines: BudgetLine[] = [];
  // One after another: inside a transaction on the embedded database, reads share one connection.
  for (const row of rows) {
    const memberId = row.scope === TEAM_BUDGET ? undefined : authorId;
    const spent = await spentIn(db, month, memberId);
    const pending = await heldByRunning(db, memberId, embedded);
    lines.push({ scope: memberId === undefined ? "team" : "member", usd: row.usd, spent, pending });
  }
  return lines;
}

/** Tasks still running: their hold counts a day at most (the keeper ends such tasks). */
const running = (memberId: string | undefined) =>
  and(
    // The partial index `task_in_flight_idx` has this very condition.
    sql`${task.status} in ('queued', 'processing')`,
    sql`${task.createdAt} > now() - interval '1 day'`,
    memberId === undefined ? undefined : eq(task.authorId, memberId),
  );

const chargedFor = sql`coalesce((select sum(${outerColumn(spendEntry.usd)}) from ${spendEntry} where ${outerColumn(spendEntry.taskUUID)} = ${outerColumn(task.taskUUID)}), 0)`;

/**
 * What tasks still running hold: each its admitted estimate less what its results were already
 * charged. Tasks sent while no budget applied hold nothing of their own and are estimated now.
 */
async function heldByRunning(db: StudioDatabase, memberId: string | undefined, embedded: boolean) {
  const [held] = await db
    .select({ usd: sql<number>`coalesce(sum(greatest(${task.heldUsd} - ${chargedFor}, 0)), 0)` })
    .from(task)
    .where(and(running(memberId), isNotNull(task.heldUsd)));
  const unheld = await db
    .select({ params: task.params, charged: sql<number>`${chargedFor}` })
    .from(task)
    .where(and(running(memberId), isNull(task.heldUsd)))
    .limit(5000);
  let extra = 0;
  if (unheld.length > 0) {
    const estimate = await estimateCost(
      unheld.map((r) => r.params),
      { embedded, db },
    );
    const charged = unheld.reduce((sum, r) => sum + Number(r.charged), 0);
    extra = Math.max(0, (estimate.usd ?? 0) - charged);
  }
  return Number(held?.usd ?? 0) + extra;
}

/** What is left of a line for new work. */
export const leftOf = (line: BudgetLine) => line.usd - line.spent - line.pending;

/**
 * Which of the tasks fit, in their order, each taking its cost from every line: a task that does
 * not fit is refused and the next is tried. A task without an estimate (no history of its model
 * yet) fits while the month is not spent: refusing every first task of a model would block
 * learning its price. Answers, per task, the line it would pass (null: it fits).
 */
export function fitTasks(
  lines: readonly BudgetLine[],
  costs: readonly (number | null)[],
): { over: (BudgetLine | null)[]; taken: number[] } {
  const left = lines.map(leftOf);
  const taken = lines.map(() => 0);
  const over = costs.map((cost) => {
    const i = lines.findIndex((line, j) => (cost ?? 0) > (left[j] ?? 0) || line.spent >= line.usd);
    if (i >= 0) return lines[i] ?? null;
    for (const j of left.keys()) {
      left[j] = (left[j] ?? 0) - (cost ?? 0);
      taken[j] = (taken[j] ?? 0) + (cost ?? 0);
    }
    return null;
  });
  return { over, taken };
}
