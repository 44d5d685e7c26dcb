import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEngineConfig } from "./config";

describe("parseEngineConfig: the engine's data folder", () => {
  it("keeps ./data/engine when the engine runs alone", () => {
    expect(parseEngineConfig({}).dataDir).toBe(path.resolve("./data/engine"));
  });

  it("lives under the studio's data folder when embedded", () => {
    const a = parseEngineConfig({}, { dataDir: "/srv/studio-a/engine" });
    const b = parseEngineConfig({}, { dataDir: "/srv/studio-b/engine" });
    expect(a.dataDir).toBe("/srv/studio-a/engine");
    expect(b.dataDir).not.toBe(a.dataDir);
  });

  it("follows ENGINE_DATA_DIR when it is set", () => {
    expect(parseEngineConfig({ ENGINE_DATA_DIR: "/tmp/eng" }, { dataDir: "/srv/a/engine" }).dataDir).toBe(
      "/tmp/eng",
    );
  });
});

describe("parseEngineConfig: the pace of a real service", () => {
  it("renders, unpaced, when ENGINE_PACE_MS is unset", () => {
    expect(parseEngineConfig({ ENGINE_PACE_PARALLEL: "8" }).pace).toBeUndefined();
  });

  it("holds each result ENGINE_PACE_MS, up to ENGINE_PACE_SPREAD_MS more, ENGINE_PACE_PARALLEL at once", () => {
    expect(
      parseEngineConfig({ ENGINE_PACE_MS: "2000", ENGINE_PACE_SPREAD_MS: "3000", ENGINE_PACE_PARALLEL: "8" })
        .pace,
    ).toEqual({ ms: 2000, spreadMs: 3000, parallel: 8 });
    expect(parseEngineConfig({ ENGINE_PACE_MS: "1000" }).pace).toEqual({
      ms: 1000,
      spreadMs: 0,
      parallel: 8,
    });
  });

  it("refuses a parallelism below one, naming the variable", () => {
    expect(() => parseEngineConfig({ ENGINE_PACE_MS: "1000", ENGINE_PACE_PARALLEL: "0" })).toThrow(
      /ENGINE_PACE_PARALLEL/,
    );
  });
});
