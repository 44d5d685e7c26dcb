import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeGrowth, groups, type HeapSnapshot, newSince, readSnapshot } from "./heap-diff";

/**
 * A snapshot in the file format: nodes [type, name, id, self_size, edge_count], edges
 * [type, name_or_index, to_node], in node order.
 */
function snapshot(
  nodes: { type: string; name: string; id: number; size: number }[],
  edges: { from: number; type: string; name: string | number; to: number }[],
): HeapSnapshot {
  const nodeTypes = ["object", "string", "closure", "synthetic", "native"];
  const edgeTypes = ["property", "element", "weak"];
  const strings: string[] = [];
  const str = (s: string) => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  const flatNodes = nodes.flatMap((n, i) => [
    nodeTypes.indexOf(n.type),
    str(n.name),
    n.id,
    n.size,
    edges.filter((e) => e.from === i).length,
  ]);
  const flatEdges = [...edges]
    .sort((a, b) => a.from - b.from)
    .flatMap((e) => [edgeTypes.indexOf(e.type), typeof e.name === "number" ? e.name : str(e.name), e.to * 5]);
  return {
    snapshot: {
      meta: {
        node_fields: ["type", "name", "id", "self_size", "edge_count"],
        node_types: [nodeTypes],
        edge_fields: ["type", "name_or_index", "to_node"],
        edge_types: [edgeTypes],
      },
    },
    nodes: flatNodes,
    edges: flatEdges,
    strings,
  };
}

const root = { type: "synthetic", name: "(GC roots)", id: 1, size: 0 };
const cache = { type: "object", name: "Map", id: 3, size: 32 };

describe("groups", () => {
  it("sums objects by constructor, and strings under one kind", () => {
    const s = snapshot(
      [
        root,
        cache,
        { type: "object", name: "Entry", id: 5, size: 40 },
        { type: "object", name: "Entry", id: 7, size: 40 },
        { type: "string", name: "a prompt", id: 9, size: 24 },
      ],
      [],
    );
    expect(groups(s)).toEqual([
      { kind: "Entry", count: 2, bytes: 80 },
      { kind: "Map", count: 1, bytes: 32 },
      { kind: "(string)", count: 1, bytes: 24 },
      { kind: "(GC roots)", count: 1, bytes: 0 },
    ]);
  });
});

describe("newSince", () => {
  const entry = (id: number) => ({ type: "object", name: "Entry", id, size: 40 });
  const before = snapshot(
    [root, cache, entry(5)],
    [
      { from: 0, type: "property", name: "taskCache", to: 1 },
      { from: 1, type: "element", name: 0, to: 2 },
    ],
  );
  const after = snapshot(
    [
      root,
      cache,
      entry(5),
      entry(11),
      entry(13),
      { type: "object", name: "Other", id: 15, size: 8 },
      // Node's native objects get a new id in each snapshot: not new for it.
      { type: "native", name: "Node / pair", id: 17, size: 48 },
    ],
    [
      { from: 0, type: "property", name: "taskCache", to: 1 },
      { from: 1, type: "element", name: 0, to: 2 },
      { from: 1, type: "element", name: 1, to: 3 },
      { from: 1, type: "element", name: 2, to: 4 },
      { from: 3, type: "weak", name: "w", to: 5 },
    ],
  );

  it("counts only the objects whose id the earlier snapshot lacks", () => {
    const fresh = newSince(before, after);
    expect(fresh.map(({ kind, count, bytes }) => ({ kind, count, bytes }))).toEqual([
      { kind: "Entry", count: 2, bytes: 80 },
      { kind: "Other", count: 1, bytes: 8 },
    ]);
  });

  it("names what holds them, and leaves weak references out", () => {
    const [entries, other] = newSince(before, after);
    expect(entries?.heldBy).toEqual([{ chain: "[] <- Map | taskCache <- (GC roots)", count: 2 }]);
    expect(other?.heldBy).toEqual([{ chain: "(a root)", count: 1 }]);
  });
});

describe("on a real process's snapshots", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "heap-diff-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("finds the entries a cache kept between two snapshots, held by the cache", () => {
    const code = `
      const v8 = require("node:v8");
      class KeptResult { constructor(i) { this.taskUUID = "task-" + i; this.width = i; } }
      globalThis.keptResults = new Map();
      v8.writeHeapSnapshot(${JSON.stringify(path.join(dir, "a.heapsnapshot"))});
      for (let i = 0; i < 500; i++) globalThis.keptResults.set(i, new KeptResult(i));
      v8.writeHeapSnapshot(${JSON.stringify(path.join(dir, "b.heapsnapshot"))});
    `;
    execFileSync(process.execPath, ["-e", code]);
    const before = readSnapshot(path.join(dir, "a.heapsnapshot"));
    const after = readSnapshot(path.join(dir, "b.heapsnapshot"));
    const kept = newSince(before, after).find((g) => g.kind === "KeptResult");
    expect(kept?.count).toBe(500);
    expect(kept?.heldBy[0]?.chain).toMatch(/<- Map \| keptResults <- /);
    expect(describeGrowth(before, after).join("\n")).toMatch(/500 new {2}KeptResult/);
  });
});
