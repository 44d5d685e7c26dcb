/**
 * What a V8 heap snapshot holds, and what a later snapshot of the same process holds that the
 * earlier one did not, for `BENCH_HEAP_SNAPSHOTS` in bench:memory or on its own:
 *
 *   npx tsx bench/heap-diff.ts before.heapsnapshot after.heapsnapshot
 *
 * Objects are grouped by kind: their constructor's name, or the engine's kind for strings,
 * compiled code and closures. V8 keeps an object's id from one snapshot to the next, so the objects
 * new in the later snapshot are the ones whose id the earlier one lacks (except Node's own native
 * objects, `Node / …`, which get new ids in every snapshot and are left out); each group of them is told
 * with the chains that hold them most often (what holds the object, what holds that), which is
 * where a cache or a list that only grows shows itself.
 */
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import path from "node:path";

/** The parts of a `.heapsnapshot` file read here (the format Chrome's DevTools read). */
export interface HeapSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** One kind of object: how many, and their own bytes (not what they hold). */
export interface Group {
  kind: string;
  count: number;
  bytes: number;
}

/** A kind of object new since the earlier snapshot, with what holds its objects most often. */
export interface NewGroup extends Group {
  heldBy: { chain: string; count: number }[];
}

/** Kinds whose names say nothing of where they come from: grouped under the engine's kind. */
const BY_TYPE = new Set(["string", "concatenated string", "sliced string", "code", "closure", "number"]);

/** Node's native objects (`Node / pair`, `Node / histogram`): their ids change from snapshot to snapshot. */
const NODE_NATIVE = "Node / ";

interface Reader {
  count: number;
  id(node: number): number;
  kind(node: number): string;
  label(node: number): string;
  bytes(node: number): number;
  /** The first non-weak reference to `node`: the edge's name and the node it comes from. */
  holder(node: number): { edge: string; from: number } | undefined;
}

function reader(s: HeapSnapshot): Reader {
  const { node_fields, node_types, edge_fields, edge_types } = s.snapshot.meta;
  const width = node_fields.length;
  const edgeWidth = edge_fields.length;
  const field = (name: string) => node_fields.indexOf(name);
  const [typeAt, nameAt, idAt, sizeAt, edgesAt] = ["type", "name", "id", "self_size", "edge_count"].map(
    field,
  );
  const edgeType = edge_fields.indexOf("type");
  const edgeName = edge_fields.indexOf("name_or_index");
  const edgeTo = edge_fields.indexOf("to_node");
  const at = (node: number, offset: number | undefined) => s.nodes[node * width + (offset ?? 0)] ?? 0;
  const typeOf = (node: number) => node_types[0][at(node, typeAt)] ?? "?";
  const nameOf = (node: number) => s.strings[at(node, nameAt)] ?? "";
  const count = s.nodes.length / width;
  const holders = new Map<number, { edge: string; from: number }>();
  let edge = 0;
  for (let from = 0; from < count; from++) {
    for (let k = at(from, edgesAt); k > 0; k--, edge += edgeWidth) {
      const type = edge_types[0][s.edges[edge + edgeType] ?? 0] ?? "";
      const to = (s.edges[edge + edgeTo] ?? 0) / width;
      if (type === "weak") continue;
      // A holder that is an object is kept over one that is a root (a stack, a handle).
      const known = holders.get(to);
      if (known && (typeOf(from) === "synthetic" || typeOf(known.from) !== "synthetic")) continue;
      const name = s.edges[edge + edgeName] ?? 0;
      // An element's index is left out, so the entries of one array or Map group together.
      holders.set(to, {
        edge: type === "element" || type === "hidden" ? "[]" : (s.strings[name] ?? ""),
        from,
      });
    }
  }
  return {
    count,
    id: (node) => at(node, idAt),
    kind: (node) => {
      const type = typeOf(node);
      return BY_TYPE.has(type) ? `(${type})` : nameOf(node).slice(0, 60) || `(${type})`;
    },
    label: (node) => {
      const type = typeOf(node);
      return BY_TYPE.has(type) ? `(${type})` : `${nameOf(node).slice(0, 40)}`;
    },
    bytes: (node) => at(node, sizeAt),
    holder: (node) => holders.get(node),
  };
}

function add(groups: Map<string, Group>, kind: string, bytes: number): Group {
  const group = groups.get(kind) ?? { kind, count: 0, bytes: 0 };
  group.count++;
  group.bytes += bytes;
  groups.set(kind, group);
  return group;
}

/** The snapshot's objects by kind, the most bytes first. */
export function groups(s: HeapSnapshot): Group[] {
  const r = reader(s);
  const found = new Map<string, Group>();
  for (let node = 0; node < r.count; node++) add(found, r.kind(node), r.bytes(node));
  return [...found.values()].sort((a, b) => b.bytes - a.bytes);
}

/** The chain of holders of `node`, `depth` steps up: `items <- Object <- [3] <- Array`. */
function chain(r: Reader, node: number, depth: number): string {
  const steps: string[] = [];
  for (let at = node, i = 0; i < depth; i++) {
    const held = r.holder(at);
    if (!held) break;
    steps.push(`${held.edge} <- ${r.label(held.from)}`);
    at = held.from;
  }
  return steps.join(" | ") || "(a root)";
}

/**
 * The objects of `after` that `before` lacks, by kind, the most bytes first, each kind with the
 * `chains` chains (`depth` steps) that hold its objects most often.
 */
export function newSince(before: HeapSnapshot, after: HeapSnapshot, depth = 4, chains = 3): NewGroup[] {
  const old = reader(before);
  const known = new Set<number>();
  for (let node = 0; node < old.count; node++) known.add(old.id(node));
  const r = reader(after);
  const found = new Map<string, Group>();
  const held = new Map<string, Map<string, number>>();
  for (let node = 0; node < r.count; node++) {
    const kind = r.kind(node);
    if (known.has(r.id(node)) || kind.startsWith(NODE_NATIVE)) continue;
    add(found, kind, r.bytes(node));
    const byChain = held.get(kind) ?? new Map<string, number>();
    const key = chain(r, node, depth);
    byChain.set(key, (byChain.get(key) ?? 0) + 1);
    held.set(kind, byChain);
  }
  return [...found.values()]
    .sort((a, b) => b.bytes - a.bytes)
    .map((group) => ({
      ...group,
      heldBy: [...(held.get(group.kind) ?? [])]
        .sort((a, b) => b[1] - a[1])
        .slice(0, chains)
        .map(([c, count]) => ({ chain: c, count })),
    }));
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`.padStart(9);
const total = (list: Group[]) => list.reduce((sum, g) => sum + g.bytes, 0);

/** The lines to print for two snapshots of one process: the totals, then the `top` kinds new since. */
export function describeGrowth(before: HeapSnapshot, after: HeapSnapshot, top = 15): string[] {
  const fresh = newSince(before, after);
  const lines = [
    `  heap objects: ${kb(total(groups(before))).trim()} before, ${kb(total(groups(after))).trim()} after; ${kb(total(fresh)).trim()} in objects new since`,
  ];
  for (const group of fresh.slice(0, top)) {
    lines.push(`  ${kb(group.bytes)} ${String(group.count).padStart(7)} new  ${group.kind}`);
    for (const { chain: c, count } of group.heldBy) lines.push(`      ${count} held by ${c}`);
  }
  return lines;
}

export function readSnapshot(file: string): HeapSnapshot {
  return JSON.parse(readFileSync(file, "utf8")) as HeapSnapshot;
}

/** A whole snapshot ends its JSON object (`]}`, then perhaps a line's end). */
function endsWhole(file: string, size: number): boolean {
  const fd = openSync(file, "r");
  try {
    const tail = Buffer.alloc(Math.min(size, 4));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    return tail.toString().trimEnd().endsWith("]}");
  } finally {
    closeSync(fd);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Has a process started with `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=<dir>` write a
 * snapshot of its main thread's heap, and answers the file once it is whole.
 * Writing one leaves the process's allocator holding about as much as the heap again, so the
 * process's resident memory read after it says nothing of the studio's own.
 */
export async function takeSnapshot(pid: number, dir: string): Promise<string> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, "SIGUSR2");
  for (;;) {
    await sleep(1000);
    const written = readdirSync(dir).find((f) => f.endsWith(".heapsnapshot") && !before.has(f));
    if (!written) continue;
    const file = path.join(dir, written);
    for (let size = -1; ; await sleep(1000)) {
      const now = statSync(file).size;
      if (now > 0 && now === size && endsWhole(file, now)) return file;
      size = now;
    }
  }
}

if (process.argv[1]?.endsWith("heap-diff.ts") && process.argv.length === 4) {
  const [before, after] = process.argv.slice(2).map((f) => readSnapshot(f));
  if (before && after) console.info(describeGrowth(before, after).join("\n"));
}
