/**
 * Where a studio's resident memory is, for `BENCH_DETAIL=1 npm run bench:memory`: each V8 heap
 * (the main thread's and every worker thread's, read through the inspector the studio was started
 * with), the embedded database's WASM memory, compiled code (JavaScript and WASM), mapped files, and
 * the rest (glibc's arenas, thread stacks, native libraries' own allocations). Linux only.
 *
 * The heaps come from the inspector, the rest from /proc/<pid>/smaps: a WASM memory is a
 * read-write mapping followed at once by the gigabytes V8 reserves behind it, and code is an
 * executable mapping of no file.
 */
import { readFileSync } from "node:fs";
import WebSocket from "ws";
import { threadsOf } from "./process-tree";

const MB = 1024 * 1024;
const GUARD_BYTES = 1024 ** 3;

/** One thread's V8 heap, in bytes. */
export interface HeapFigures {
  /** Resident pages of the heap (all spaces). */
  physical: number;
  used: number;
  /** Of `physical`, the code space (JavaScript's compiled code and bytecode live elsewhere). */
  code: number;
  /** Memory V8 allocated with malloc for itself (not the heap's pages). */
  malloced: number;
  /** ArrayBuffers and Buffers this thread holds (outside the heap, in malloc or mappings). */
  external: number;
}

interface Mapping {
  start: number;
  end: number;
  perms: string;
  path: string;
  rss: number;
}

function mappings(pid: number): Mapping[] {
  const maps: Mapping[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head?.[1] && head[2] && head[3]) {
      const [, start, end, perms, file] = head;
      maps.push({
        start: Number.parseInt(start, 16),
        end: Number.parseInt(end, 16),
        perms,
        path: file ?? "",
        rss: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = maps.at(-1);
    if (rss?.[1] && last) last.rss = Number(rss[1]) * 1024;
  }
  return maps;
}

/** The process's resident memory by kind of mapping, in bytes. */
export interface MappedFigures {
  total: number;
  /** WASM memories: size and resident part of each. */
  wasm: { size: number; resident: number }[];
  /** Executable mappings of no file: JIT code, WASM code. */
  code: number;
  files: number;
  /** `[heap]` (glibc's main arena) and every other anonymous mapping (V8 heaps, other arenas). */
  anonymous: number;
  stacks: number;
  /** Of `anonymous`, glibc's main arena (`[heap]`, the main thread's mallocs). */
  mainArena: number;
}

export function mapped(pid: number): MappedFigures {
  const maps = mappings(pid);
  const figures: MappedFigures = {
    total: 0,
    wasm: [],
    code: 0,
    files: 0,
    anonymous: 0,
    stacks: 0,
    mainArena: 0,
  };
  maps.forEach((m, i) => {
    figures.total += m.rss;
    const next = maps[i + 1];
    const isWasm =
      m.perms.startsWith("rw") &&
      next !== undefined &&
      next.start === m.end &&
      next.perms.startsWith("---") &&
      next.end - next.start >= GUARD_BYTES &&
      m.path === "";
    if (isWasm) figures.wasm.push({ size: m.end - m.start, resident: m.rss });
    else if (m.path.startsWith("/")) figures.files += m.rss;
    else if (m.path.startsWith("[stack")) figures.stacks += m.rss;
    else if (m.perms.includes("x")) figures.code += m.rss;
    else {
      figures.anonymous += m.rss;
      if (m.path === "[heap]") figures.mainArena += m.rss;
    }
  });
  return figures;
}

/** Threads by name, e.g. `{ node: 1, "libuv-worker": 4 }`. */
export function threadNames(pid: number): Record<string, number> {
  const names: Record<string, number> = {};
  for (const { name } of threadsOf(pid)) names[name] = (names[name] ?? 0) + 1;
  return names;
}

/** What every thread evaluates: its heap's figures, as JSON. */
const HEAP_EXPRESSION = `(() => {
  const v8 = process.getBuiltinModule("node:v8");
  const h = v8.getHeapStatistics();
  const code = v8.getHeapSpaceStatistics().find((s) => s.space_name === "code_space");
  const m = process.memoryUsage();
  return JSON.stringify({
    physical: h.total_physical_size,
    used: h.used_heap_size,
    code: code ? code.physical_space_size : 0,
    malloced: h.malloced_memory,
    external: m.external,
  });
})()`;

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: { result?: { value?: unknown } };
}

/**
 * The V8 heaps of the studio listening for an inspector on `port`: the main thread's first, then
 * each worker thread's (named by its script: the database's, a render thread's).
 */
export async function heaps(port: number): Promise<{ thread: string; heap: HeapFigures }[]> {
  const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = list[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error("the studio's inspector lists no target");
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let nextId = 1;
  const pending = new Map<string, (message: Message) => void>();
  const workers: { sessionId: string; title: string }[] = [];
  socket.on("message", (raw) => {
    const message = JSON.parse(String(raw)) as Message;
    if (message.method === "NodeWorker.attachedToWorker") {
      const params = message.params as {
        sessionId: string;
        workerInfo: { url: string; title: string };
      };
      workers.push({
        sessionId: params.sessionId,
        title: params.workerInfo.url.split("/").pop() || params.workerInfo.title || "worker",
      });
      return;
    }
    if (message.method === "NodeWorker.receivedMessageFromWorker") {
      const params = message.params as { sessionId: string; message: string };
      const inner = JSON.parse(params.message) as Message;
      pending.get(`${params.sessionId}:${inner.id}`)?.(inner);
      return;
    }
    if (message.id !== undefined) pending.get(`main:${message.id}`)?.(message);
  });
  const call = (method: string, params: Record<string, unknown>, sessionId = "main") =>
    new Promise<Message>((resolve) => {
      const id = nextId++;
      pending.set(`${sessionId}:${id}`, resolve);
      const text = JSON.stringify({ id, method, params });
      if (sessionId === "main") socket.send(text);
      else
        socket.send(
          JSON.stringify({
            id: nextId++,
            method: "NodeWorker.sendMessageToWorker",
            params: { sessionId, message: text },
          }),
        );
    });
  const evaluate = async (sessionId?: string) => {
    const answer = await call(
      "Runtime.evaluate",
      { expression: HEAP_EXPRESSION, returnByValue: true },
      sessionId,
    );
    return JSON.parse(String(answer.result?.result?.value)) as HeapFigures;
  };
  try {
    // Workers already running are announced in answer to enable, before its own reply.
    await call("NodeWorker.enable", { waitForDebuggerOnStart: false });
    const found = [{ thread: "main", heap: await evaluate() }];
    for (const worker of workers)
      found.push({ thread: worker.title, heap: await evaluate(worker.sessionId) });
    return found;
  } finally {
    socket.close();
  }
}

const mb = (bytes: number) => `${Math.round(bytes / MB)}`;

/**
 * The lines `BENCH_DETAIL=1` prints for one moment of a run. "Native" is the anonymous memory that
 * is no heap's: glibc's arenas (the main one and the threads'), V8's and Node's own allocations,
 * libvips' and Postgres's glue outside the WASM memory. A heap's code space is in the code figure.
 */
export async function whereMemoryIs(pid: number, inspectorPort: number): Promise<string[]> {
  const threadHeaps = await heaps(inspectorPort);
  const m = mapped(pid);
  const lines = threadHeaps.map(
    ({ thread, heap }) =>
      `    heap ${thread.padEnd(20)} ${mb(heap.physical).padStart(4)} MB resident (${mb(heap.used)} used, ${mb(heap.code)} code space; ${mb(heap.external)} external)`,
  );
  const heapPages = threadHeaps.reduce((sum, t) => sum + t.heap.physical - t.heap.code, 0);
  const wasm = m.wasm.reduce((sum, w) => sum + w.resident, 0);
  lines.push(
    `    wasm memory ${mb(wasm)} MB resident (${m.wasm.map((w) => `${mb(w.resident)} of ${mb(w.size)}`).join(", ") || "none"})`,
    `    code (JavaScript and WASM) ${mb(m.code)} MB, mapped files ${mb(m.files)} MB, main stack ${mb(m.stacks)} MB`,
    `    native ${mb(m.anonymous - heapPages)} MB (main arena ${mb(m.mainArena)} MB): anonymous ${mb(m.anonymous)} MB less the heaps' pages`,
    `    threads ${Object.entries(threadNames(pid))
      .map(([name, n]) => `${n} ${name}`)
      .join(", ")}; ${mb(m.total)} MB in all`,
  );
  return lines;
}
