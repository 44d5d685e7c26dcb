import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { emptyPgliteDump } from "../test-databases";
import { startDatabaseThread } from "./database-thread";

it("refuses a dump whose thread ends before it is written, rather than leaving it waiting", async () => {
  const thread = await startDatabaseThread(undefined, {
    settings: [],
    maxConnections: 2,
    loadDataDir: await emptyPgliteDump(),
  });
  const file = path.join(os.tmpdir(), `studio-dump-${randomUUID()}.tar.gz`);
  try {
    const dumped = thread.dump(file).then(
      () => "written",
      (err: unknown) => String(err),
    );
    await thread.kill();
    expect(await dumped).toMatch(/thread has ended/);
  } finally {
    fs.rmSync(file, { force: true });
  }
}, 120_000);
