import "server-only";

/**
 * Rows for one table that come while an insert into it is under way go together in the next
 * insert, one statement for all of them. A row that comes when none is under way goes at once
 * (after the current tick, with the others of that tick), so a lone row waits for nothing.
 *
 * The results of a task arrive together: ten of them cost one statement or two instead of ten,
 * and the statement is most of what keeping a result costs the database (on the embedded one,
 * milliseconds of its thread each). Each caller still gets its own row's answer. A batch the
 * database refuses is tried again row by row, so one bad row fails its own caller alone.
 */
export class InsertBatch<Row, Answer> {
  private waiting: { row: Row; answer: (value: Answer) => void; fail: (err: unknown) => void }[] = [];
  private running = false;
  private scheduled = false;

  /** `insert` writes the rows in one statement and answers for each row, in their order. */
  constructor(
    private readonly insert: (rows: Row[]) => Promise<Answer[]>,
    private readonly max = 100,
  ) {}

  /** Resolves with this row's answer once the statement that wrote it has. */
  add(row: Row): Promise<Answer> {
    return new Promise<Answer>((answer, fail) => {
      this.waiting.push({ row, answer, fail });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.max);
        await this.write(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async write(batch: typeof this.waiting): Promise<void> {
    try {
      const answers = await this.insert(batch.map((w) => w.row));
      for (const [i, w] of batch.entries()) w.answer(answers[i] as Answer);
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.fail(err);
        return;
      }
      // Which row the database refused is not said: each goes alone, the good ones are kept.
      for (const w of batch) {
        await this.insert([w.row]).then(
          (answers) => w.answer(answers[0] as Answer),
          (e: unknown) => w.fail(e),
        );
      }
    }
  }
}

/** One batch per database (a WeakMap's key), made on first use. */
export function batchPerDatabase<Db extends object, Row, Answer>(
  make: (db: Db) => InsertBatch<Row, Answer>,
): (db: Db) => InsertBatch<Row, Answer> {
  const batches = new WeakMap<Db, InsertBatch<Row, Answer>>();
  return (db) => {
    let batch = batches.get(db);
    if (!batch) {
      batch = make(db);
      batches.set(db, batch);
    }
    return batch;
  };
}
