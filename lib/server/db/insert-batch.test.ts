import { describe, expect, it } from "vitest";
import { InsertBatch } from "./insert-batch";

/** A table that takes rows and answers each doubled, refusing negative ones (and so a batch holding one). */
function fakeTable() {
  const statements: number[][] = [];
  let release: (() => void) | null = null;
  let held: Promise<void> | null = null;
  const batch = new InsertBatch(async (rows: number[]) => {
    statements.push([...rows]);
    if (held) await held;
    if (rows.some((r) => r < 0)) throw new Error(`refused ${rows.join(",")}`);
    return rows.map((r) => r * 2);
  });
  return {
    batch,
    statements,
    hold() {
      held = new Promise((r) => {
        release = r;
      });
    },
    release() {
      held = null;
      release?.();
    },
  };
}

describe("InsertBatch", () => {
  it("writes the rows of one tick in one statement and answers each its own", async () => {
    const table = fakeTable();
    const answers = await Promise.all([1, 2, 3].map((r) => table.batch.add(r)));
    expect(answers).toEqual([2, 4, 6]);
    expect(table.statements).toEqual([[1, 2, 3]]);
  });

  it("sends a lone row at once, and the rows that come while it is written together after it", async () => {
    const table = fakeTable();
    table.hold();
    const first = table.batch.add(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(table.statements).toEqual([[1]]);
    const later = [table.batch.add(2), table.batch.add(3)];
    table.release();
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6]);
    expect(table.statements).toEqual([[1], [2, 3]]);
  });

  it("tries a refused batch row by row: the good rows are kept, the bad one fails alone", async () => {
    const table = fakeTable();
    const results = await Promise.allSettled([1, -1, 3].map((r) => table.batch.add(r)));
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : "refused"))).toEqual([2, "refused", 6]);
    expect(table.statements).toEqual([[1, -1, 3], [1], [-1], [3]]);
    // The batch goes on afterwards.
    expect(await table.batch.add(4)).toBe(8);
  });
});
