import fs from "node:fs";
import path from "node:path";
import { type DrizzleSnapshotJSON, generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

const folder = path.resolve("lib/server/db/migrations");

describe("migrations", () => {
  it("match the schema (after a schema change, run npm run db:generate)", async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
      entries: { idx: number; tag: string }[];
    };
    const last = journal.entries.at(-1);
    expect(last).toBeDefined();
    const snapshotFile = path.join(folder, "meta", `${String(last?.idx).padStart(4, "0")}_snapshot.json`);
    const snapshot = JSON.parse(fs.readFileSync(snapshotFile, "utf8")) as DrizzleSnapshotJSON;
    const pending = await generateMigration(snapshot, generateDrizzleJson(schema));
    expect(pending).toEqual([]);
    expect(fs.existsSync(path.join(folder, `${last?.tag}.sql`))).toBe(true);
  });
});
