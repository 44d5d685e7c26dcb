/**
 * Resident memory of a process and every process it started (ffmpeg, a database in a child of its
 * own), read from /proc: a studio that moved memory into a child would otherwise look smaller than
 * it is. Linux only.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface TreeMemory {
  /** VmRSS of every process in the tree, summed, in MB. */
  rss: number;
  /** Of which anonymous memory (RssAnon) and mapped files (RssFile), in MB. */
  anon: number;
  file: number;
  /** Threads of every process in the tree. */
  threads: number;
  /** Processes in the tree, the root included. */
  processes: number;
}

/** The processes `pid` started that are still running (children of all its threads). */
export function childrenOf(pid: number): number[] {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children: number[] = [];
  for (const thread of threads) {
    try {
      const text = readFileSync(`/proc/${pid}/task/${thread}/children`, "utf8");
      for (const child of text.split(/\s+/)) if (child) children.push(Number(child));
    } catch {
      // The thread ended while it was read.
    }
  }
  return children;
}

/** The kB figures of one process's /proc status, or null when it has ended. */
function statusOf(pid: number): { rss: number; anon: number; file: number; threads: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return null;
  }
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return { rss: field("VmRSS"), anon: field("RssAnon"), file: field("RssFile"), threads: field("Threads") };
}

/**
 * What `read` finds of `pid` and every process it started, in no set order; a process that has
 * ended on the way (`read` answers null) is left out, and `pid` itself ended throws.
 */
export function readTree<T>(pid: number, read: (pid: number) => T | null): T[] {
  const found: T[] = [];
  const pending = [pid];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const value = read(next);
    if (value === null) {
      if (next === pid) throw new Error(`process ${pid} is not running`);
      continue;
    }
    found.push(value);
    pending.push(...childrenOf(next));
  }
  return found;
}

/** The memory of `pid` and all its descendants; throws when `pid` itself is not running. */
export function treeMemory(pid: number): TreeMemory {
  const statuses = readTree(pid, statusOf);
  const sum = (pick: (s: NonNullable<ReturnType<typeof statusOf>>) => number) =>
    statuses.reduce((total, s) => total + pick(s), 0);
  const mb = (kb: number) => Math.round(kb / 1024);
  return {
    rss: mb(sum((s) => s.rss)),
    anon: mb(sum((s) => s.anon)),
    file: mb(sum((s) => s.file)),
    threads: sum((s) => s.threads),
    processes: statuses.length,
  };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ): 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

/** The sum of `/proc/<pid>/stat`'s fields at `indexes` (counted after the name), in seconds; null when ended. */
function statSeconds(pid: number, indexes: readonly number[]): number | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces and brackets: fields are counted after its last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const ticks = indexes.reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
  return ticks / TICKS_PER_SECOND;
}

/**
 * CPU seconds one process has used, user and system, with those of its children that ended and
 * that it waited for (cutime, cstime): a browser's renderer that has closed still counts, in its
 * parent. Null when the process has ended.
 */
function cpuOf(pid: number): number | null {
  // utime, stime, cutime and cstime are fields 14 to 17 of the line, 12 to 15 after the name.
  return statSeconds(pid, [11, 12, 13, 14]);
}

/** CPU seconds one process has used itself, user and system (utime, stime); null when ended. */
export function ownCpuOf(pid: number): number | null {
  return statSeconds(pid, [11, 12]);
}

/**
 * CPU seconds used by `pid` and every process it started, those that have ended included (each
 * counts in the parent that waited for it); throws when `pid` itself is not running. The
 * difference of two readings is what the tree spent between them.
 */
export function treeCpu(pid: number): { seconds: number; processes: number } {
  const cpus = readTree(pid, cpuOf);
  return { seconds: cpus.reduce((total, cpu) => total + cpu, 0), processes: cpus.length };
}

/** One thread of a process: its id, its name (`comm`) and its CPU time so far, in ms. */
export interface ThreadReading {
  tid: string;
  name: string;
  ms: number;
}

/** Each thread of `pid` (`/proc/<pid>/task/<tid>/stat`); a thread that ends while read is left out. */
export function threadsOf(pid: number): ThreadReading[] {
  const threads: ThreadReading[] = [];
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      threads.push({ tid, name, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return threads;
}
