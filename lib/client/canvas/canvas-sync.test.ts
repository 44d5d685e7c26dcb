import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CanvasRemote, createCanvasSync, savedAtOf } from "./canvas-sync";

const NAME = "media-studio.canvas";

/** The studio's rule (lib/server/drafts/drafts.ts): a copy is kept only over one taken earlier. */
function studio() {
  let kept: { values: Record<string, unknown>; savedAt: number } | null = null;
  const queue: { values: Record<string, unknown>; savedAt: number; answer(o: "saved" | "stale"): void }[] =
    [];
  const remote: CanvasRemote = {
    get: async () => kept,
    put: (values, savedAt) => new Promise((answer) => queue.push({ values, savedAt, answer })),
  };
  return {
    remote,
    queue,
    kept: () => kept,
    /** Delivers the queued save at `i` (saves arrive in any order). */
    deliver(i: number) {
      const [req] = queue.splice(i, 1);
      if (!req) return;
      if (!kept || kept.savedAt < req.savedAt) {
        kept = { values: req.values, savedAt: req.savedAt };
        req.answer("saved");
      } else req.answer("stale");
    },
  };
}

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (n: string) => map.get(n) ?? null,
    setItem: (n: string, v: string) => void map.set(n, v),
    removeItem: (n: string) => void map.delete(n),
  };
}

function device(remote: CanvasRemote, skew: number) {
  let now = 1_000_000;
  const local = memory();
  const sync = createCanvasSync({ local, remote, delayMs: 1_000_000, clock: () => now + skew });
  let edits = 0;
  return {
    local,
    sync,
    tick: () => {
      now += 1;
    },
    edit(label: string) {
      edits += 1;
      sync.storage.setItem(NAME, JSON.stringify({ state: { label, edits }, version: 1 }));
    },
    state: () => (JSON.parse(local.getItem(NAME) ?? "{}") as { state?: unknown }).state,
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the canvas kept in the browser and on the studio", () => {
  it("opens the studio's copy only when it is newer than the browser's", async () => {
    const s = studio();
    const a = device(s.remote, 0);
    a.edit("mine");
    const older = s.remote.put({ state: { label: "older" }, version: 1 }, 5);
    s.deliver(0);
    await older;
    expect(await a.sync.pull(NAME)).toBe(false);
    expect(a.state()).toMatchObject({ label: "mine" });
    const b = device(s.remote, 10_000);
    b.edit("from the laptop");
    const sent = b.sync.flush();
    s.deliver(0);
    await sent;
    expect(await a.sync.pull(NAME)).toBe(true);
    expect(a.state()).toMatchObject({ label: "from the laptop" });
    // The edit that waited for its turn was older than the copy opened: it is not sent.
    expect(a.sync.takePending()).toBeNull();
  });

  it("saves an edit made after opening a copy from a device whose clock runs an hour ahead", async () => {
    const s = studio();
    const ahead = device(s.remote, 3_600_000);
    const behind = device(s.remote, 0);
    ahead.edit("ahead");
    let sent = ahead.sync.flush();
    s.deliver(0);
    await sent;
    await behind.sync.pull(NAME);
    behind.edit("behind, later");
    sent = behind.sync.flush();
    s.deliver(0);
    await sent;
    expect(s.kept()?.values).toMatchObject({ state: { label: "behind, later" } });
  });

  it("two devices editing, saving in any order and reading again end on one copy, the last taken", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -5_000, max: 5_000 }),
        fc.array(
          fc.tuple(
            fc.constantFrom("editA", "editB", "sendA", "sendB", "deliver", "pullA", "pullB"),
            fc.nat(),
          ),
          {
            maxLength: 40,
          },
        ),
        async (skew, ops) => {
          const s = studio();
          const a = device(s.remote, 0);
          const b = device(s.remote, skew);
          const flushes: Promise<void>[] = [];
          let taken = 0;
          for (const [op, n] of ops) {
            a.tick();
            b.tick();
            if (op === "editA" || op === "editB") {
              const d = op === "editA" ? a : b;
              d.edit(`${op} ${n}`);
              taken = Math.max(taken, savedAtOf(d.local.getItem(NAME)));
            } else if (op === "sendA") flushes.push(a.sync.flush());
            else if (op === "sendB") flushes.push(b.sync.flush());
            else if (op === "deliver" && s.queue.length > 0) s.deliver(n % s.queue.length);
            else if (op === "pullA") await a.sync.pull(NAME);
            else if (op === "pullB") await b.sync.pull(NAME);
            await settle();
          }
          flushes.push(a.sync.flush(), b.sync.flush());
          while (s.queue.length > 0) {
            s.deliver(0);
            await settle();
          }
          await Promise.all(flushes);
          await a.sync.pull(NAME);
          await b.sync.pull(NAME);
          if (taken === 0) return;
          // The studio keeps the copy taken last; no earlier one overwrote it, and both converge.
          expect(s.kept()?.savedAt).toBe(taken);
          expect(a.state()).toEqual(s.kept()?.values.state);
          expect(b.state()).toEqual(s.kept()?.values.state);
        },
      ),
      { numRuns: 200 },
    );
  });
});
