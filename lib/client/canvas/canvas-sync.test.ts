import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CanvasRemote, type CopyName, createCanvasSync } from "./canvas-sync";

const NAME = "media-studio.canvas";

/**
 * The studio's rule (lib/server/drafts/drafts.ts): between writers the save received last stays;
 * a writer's own save is refused over a copy it took later. Saves wait until delivered, in any order.
 */
function studio() {
  let kept: ({ values: Record<string, unknown> } & CopyName) | null = null;
  const queue: {
    values: Record<string, unknown>;
    copy: CopyName;
    answer(o: "saved" | "stale"): void;
  }[] = [];
  const remote: CanvasRemote = {
    get: async () => kept,
    put: (values, copy) => new Promise((answer) => queue.push({ values, copy, answer })),
  };
  return {
    remote,
    queue,
    kept: () => kept,
    /** Delivers the queued save at `i`; answers whether the studio took it. */
    deliver(i: number): boolean {
      const [req] = queue.splice(i, 1);
      if (!req) return false;
      if (!kept || kept.writer !== req.copy.writer || kept.savedAt < req.copy.savedAt) {
        kept = { values: req.values, ...req.copy };
        req.answer("saved");
        return true;
      }
      req.answer("stale");
      return false;
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

let tabs = 0;

/** A tab: its own writer and clock (`skew` from true time); tabs of one browser share `local`. */
function tab(remote: CanvasRemote, skew: number, local = memory()) {
  let now = 1_000_000;
  tabs += 1;
  const writer = `tab-${tabs}`;
  const sync = createCanvasSync({
    local,
    remote,
    writer,
    delayMs: 1_000_000,
    clock: () => now + skew,
  });
  let edits = 0;
  return {
    local,
    sync,
    writer,
    tick: () => {
      now += 1;
    },
    edit(label: string) {
      edits += 1;
      sync.storage.setItem(NAME, JSON.stringify({ state: { label, edits }, version: 1 }));
    },
    label: () => (JSON.parse(local.getItem(NAME) ?? "{}") as { state?: { label?: string } }).state?.label,
    state: () => (JSON.parse(local.getItem(NAME) ?? "{}") as { state?: unknown }).state,
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

async function save(s: ReturnType<typeof studio>, t: ReturnType<typeof tab>) {
  const sent = t.sync.flush();
  s.deliver(0);
  await sent;
}

describe("the canvas kept in the browser and on the studio", () => {
  it("keeps the browser's copy while the studio holds the copy it follows, and opens one saved elsewhere since", async () => {
    const s = studio();
    const a = tab(s.remote, 0);
    a.edit("mine");
    await save(s, a);
    a.edit("mine, not sent yet");
    expect(await a.sync.pull(NAME)).toBe(false);
    expect(a.label()).toBe("mine, not sent yet");
    // Another device's clock runs behind: its save, received later, is still the newer copy.
    const b = tab(s.remote, -10_000);
    b.edit("from the laptop");
    await save(s, b);
    expect(await a.sync.pull(NAME)).toBe(true);
    expect(a.label()).toBe("from the laptop");
    // The edit that waited for its turn was made before the copy opened: it is not sent.
    expect(a.sync.takePending()).toBeNull();
  });

  it("opens the copy of a device whose clock runs an hour behind, saved after this one", async () => {
    const s = studio();
    const laptop = tab(s.remote, 0);
    const behind = tab(s.remote, -3_600_000);
    behind.edit("behind, opened long ago");
    laptop.edit("laptop");
    await save(s, laptop);
    // The slow-clocked device saves later, never having read the laptop's copy: the studio keeps it.
    behind.edit("behind, saved later");
    await save(s, behind);
    expect(s.kept()?.values).toMatchObject({ state: { label: "behind, saved later" } });
    expect(await laptop.sync.pull(NAME)).toBe(true);
    expect(laptop.label()).toBe("behind, saved later");
    // And the laptop's next edit, by its clock an hour ahead, is taken over it as before.
    laptop.edit("laptop again");
    await save(s, laptop);
    expect(await behind.sync.pull(NAME)).toBe(true);
    expect(behind.label()).toBe("laptop again");
  });

  it("saves an edit made after opening a copy from a device whose clock runs an hour ahead", async () => {
    const s = studio();
    const ahead = tab(s.remote, 3_600_000);
    const behind = tab(s.remote, 0);
    ahead.edit("ahead");
    await save(s, ahead);
    expect(await behind.sync.pull(NAME)).toBe(true);
    behind.edit("behind, later");
    await save(s, behind);
    expect(s.kept()?.values).toMatchObject({ state: { label: "behind, later" } });
    expect(await ahead.sync.pull(NAME)).toBe(true);
    expect(ahead.label()).toBe("behind, later");
  });

  it("two tabs of one browser: a copy built on the other tab's stays, and goes again when that tab's save arrives after it", async () => {
    const s = studio();
    const shared = memory();
    const one = tab(s.remote, 0, shared);
    const two = tab(s.remote, 0, shared);
    one.edit("tab one");
    const first = one.sync.flush();
    two.tick();
    two.edit("tab two, over tab one's");
    const second = two.sync.flush();
    // Tab two's save arrives first, tab one's after it: the studio keeps tab one's, received last.
    s.deliver(1);
    s.deliver(0);
    await Promise.all([first, second]);
    expect(s.kept()?.values).toMatchObject({ state: { label: "tab one" } });
    // Tab two's copy was made over tab one's: it is kept, and sent again.
    expect(await two.sync.pull(NAME)).toBe(false);
    expect(two.label()).toBe("tab two, over tab one's");
    await save(s, two);
    expect(s.kept()?.values).toMatchObject({ state: { label: "tab two, over tab one's" } });
    expect(await one.sync.pull(NAME)).toBe(false);
    expect(one.label()).toBe("tab two, over tab one's");
  });

  it("a closed page's last save, arriving after the next page opened another canvas, does not replace it", async () => {
    const s = studio();
    const shared = memory();
    const before = tab(s.remote, 0, shared);
    before.edit("the canvas moved on");
    // The page goes away with its change still waiting: sent as it closes, it arrives late.
    const late = before.sync.takePending();
    const arriving = s.remote.put(late?.values ?? {}, { writer: before.writer, savedAt: late?.savedAt ?? 0 });
    const after = tab(s.remote, 0, shared);
    after.tick();
    after.edit("the result's canvas, reopened");
    s.deliver(0);
    await arriving;
    expect(s.kept()?.values).toMatchObject({ state: { label: "the canvas moved on" } });
    expect(await after.sync.pull(NAME)).toBe(false);
    expect(after.label()).toBe("the result's canvas, reopened");
    await save(s, after);
    expect(s.kept()?.values).toMatchObject({ state: { label: "the result's canvas, reopened" } });
  });

  it("a tab's own late save is refused and opens nothing: its later copy stays", async () => {
    const s = studio();
    const a = tab(s.remote, 0);
    a.edit("first");
    const first = a.sync.flush();
    a.tick();
    a.edit("second");
    const second = a.sync.flush();
    s.deliver(1);
    await second;
    // The first arrives late, while a third edit waits for its turn.
    a.edit("third");
    expect(s.deliver(0)).toBe(false);
    await first;
    expect(await a.sync.pull(NAME)).toBe(false);
    expect(a.label()).toBe("third");
    expect(a.sync.takePending()?.values).toMatchObject({ state: { label: "third" } });
  });

  it("two devices with any clocks, editing, saving, delivering and reading in any order, end on the copy the studio kept", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -3_600_000, max: 3_600_000 }),
        fc.array(
          fc.tuple(
            fc.constantFrom("editA", "editB", "sendA", "sendB", "deliver", "pullA", "pullB"),
            fc.nat(),
          ),
          { maxLength: 40 },
        ),
        async (skew, ops) => {
          const s = studio();
          const a = tab(s.remote, 0);
          const b = tab(s.remote, skew);
          const flushes: Promise<void>[] = [];
          let lastTaken: unknown = null;
          const deliver = (i: number) => {
            const req = s.queue[i];
            if (s.deliver(i)) lastTaken = req?.values;
          };
          for (const [op, n] of ops) {
            a.tick();
            b.tick();
            if (op === "editA") a.edit(`A ${n}`);
            else if (op === "editB") b.edit(`B ${n}`);
            else if (op === "sendA") flushes.push(a.sync.flush());
            else if (op === "sendB") flushes.push(b.sync.flush());
            else if (op === "deliver" && s.queue.length > 0) deliver(n % s.queue.length);
            else if (op === "pullA") await a.sync.pull(NAME);
            else if (op === "pullB") await b.sync.pull(NAME);
            await settle();
          }
          // Then quiet: each sends what waits and reads again, until nothing more goes.
          for (let round = 0; round < 3; round++) {
            flushes.push(a.sync.flush(), b.sync.flush());
            while (s.queue.length > 0) {
              deliver(0);
              await settle();
            }
            await Promise.all(flushes);
            await a.sync.pull(NAME);
            await b.sync.pull(NAME);
          }
          expect(a.sync.takePending()).toBeNull();
          expect(b.sync.takePending()).toBeNull();
          if (lastTaken === null) return;
          // The studio keeps the save it took last; both devices show it, whatever their clocks.
          expect(s.kept()?.values).toBe(lastTaken);
          expect(a.state()).toEqual(s.kept()?.values.state);
          expect(b.state()).toEqual(s.kept()?.values.state);
        },
      ),
      { numRuns: 300 },
    );
  });
});
