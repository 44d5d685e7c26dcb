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
