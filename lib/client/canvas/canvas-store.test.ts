import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readPersisted } from "./canvas-persist";
import { type CanvasState, createCanvasState } from "./canvas-store";

function harness() {
  let state: CanvasState;
  const set = (fn: (s: CanvasState) => Partial<CanvasState>) => {
    state = { ...state, ...fn(state) };
  };
  state = createCanvasState(set);
  return { get: () => state };
}

const picture = { id: "p", url: "/p.png", width: 768, height: 512 };
const dab = { mode: "paint" as const, size: 20, pressure: false, points: [10, 10, 0.5] };

describe("the canvas store", () => {
  it("undoes every edit back to the start and redoes them all, over random edits", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("mask", "region", "stroke", "frame", "hide", "up", "opacity", "remove"), {
          minLength: 1,
          maxLength: 30,
        }),
        (ops) => {
          const h = harness();
          h.get().setPicture(picture);
          const start = h.get().history.present;
          const base = h.get().history.past.length;
          const seen = [start];
          for (const op of ops) {
            const s = h.get();
            const id = s.history.present.layers.at(-1)?.id ?? "";
            if (op === "mask") s.addLayer("inpaintMask");
            else if (op === "region") s.addLayer("regionalPrompt");
            else if (op === "stroke") {
              s.setTool("brush");
              h.get().stroke(dab);
            } else if (op === "frame")
              s.setFrame({ ...s.history.present.frame, x: s.history.present.frame.x - 64 });
            else if (op === "hide") s.patchLayer(id, { hidden: true });
            else if (op === "up") s.moveLayer(s.history.present.layers[0]?.id ?? "", 1);
            else if (op === "opacity") s.patchLayer(id, { opacity: 0.3 });
            else s.removeLayer(id);
            // A run of one slider coalesces into its first step: the step's state is then the run's last.
            if (h.get().history.past.length - base === seen.length) seen.push(h.get().history.present);
            else seen[seen.length - 1] = h.get().history.present;
          }
          const end = h.get().history.present;
          for (let i = seen.length - 2; i >= 0; i--) {
            expect(h.get().history.past.length).toBeGreaterThan(base);
            h.get().undo();
            expect(h.get().history.present).toEqual(seen[i]);
          }
          for (let i = 1; i < seen.length; i++) h.get().redo();
          expect(h.get().history.present).toEqual(end);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("accepting a staged result adds an image layer where the frame was, and undo takes it away", () => {
    const h = harness();
    h.get().setPicture(picture);
    const frame = { x: -128, y: 0, width: 768, height: 512 };
    h.get().stage("t1", frame);
    h.get().stepStaged(1, 3);
    h.get().stepStaged(1, 3);
    h.get().stepStaged(1, 3);
    expect(h.get().staging?.index).toBe(0);
    h.get().stepStaged(-1, 3);
    expect(h.get().staging?.index).toBe(2);
    h.get().accept("/media/r3.png");
    expect(h.get().staging).toBeNull();
    expect(h.get().history.present.layers).toEqual([
      expect.objectContaining({ kind: "image", src: "/media/r3.png", rect: frame }),
    ]);
    h.get().undo();
    expect(h.get().history.present.layers).toEqual([]);
  });

  it("a new picture is one undo step away from the canvas it replaced", () => {
    const h = harness();
    h.get().setPicture(picture);
    h.get().addLayer("inpaintMask");
    h.get().setPicture({ ...picture, id: "q", url: "/q.png" });
    expect(h.get().history.present.layers).toEqual([]);
    h.get().undo();
    expect(h.get().history.present).toMatchObject({
      picture: { id: "p" },
      layers: [{ kind: "inpaintMask" }],
    });
  });

  it("keeps the layers added while the first picture was still arriving", () => {
    const h = harness();
    h.get().addLayer("inpaintMask");
    h.get().addLayer("controlGuide");
    h.get().setPicture(picture);
    expect(h.get().history.present.layers.map((l) => l.kind)).toEqual(["inpaintMask", "controlGuide"]);
    expect(h.get().history.present.picture).toMatchObject({ id: "p" });
  });

  it("keeps each painting tool's size apart", () => {
    const h = harness();
    h.get().setSize("brush", 100);
    h.get().setSize("eraser", 9000);
    expect(h.get().sizes).toMatchObject({ brush: 100, eraser: 512, restore: 64 });
  });

  it("a stroke with no layer to take it is no undo step", () => {
    const h = harness();
    h.get().setPicture(picture);
    h.get().setTool("brush");
    h.get().stroke(dab);
    // The one step is the picture itself.
    expect(h.get().history.past).toHaveLength(1);
  });

  it("reads back what it stored, and an entry that does not read as a canvas starts an empty one", () => {
    const h = harness();
    h.get().setPicture(picture);
    h.get().addLayer("controlGuide");
    const s = h.get();
    const stored = JSON.parse(
      JSON.stringify({
        doc: s.history.present,
        selectedId: s.selectedId,
        settings: s.settings,
        tool: s.tool,
        sizes: s.sizes,
        staging: null,
      }),
    );
    expect(readPersisted(stored)?.doc).toEqual(s.history.present);
    expect(readPersisted({ ...stored, doc: { ...stored.doc, layers: [{ kind: "video" }] } })).toBeNull();
    expect(readPersisted("garbage")).toBeNull();
  });
});

describe("undo steps", () => {
  it("typing a region's prompt or dragging a slider is one step; hiding is its own", () => {
    const h = harness();
    h.get().setPicture(picture);
    h.get().addLayer("regionalPrompt");
    const id = h.get().selectedId ?? "";
    for (const prompt of ["a", "a r", "a red", "a red kite"]) h.get().patchLayer(id, { prompt });
    for (const opacity of [0.4, 0.3, 0.2]) h.get().patchLayer(id, { opacity });
    h.get().patchLayer(id, { hidden: true });
    h.get().patchLayer(id, { hidden: false });
    // The picture, the layer, the prompt, the opacity, hiding, showing.
    expect(h.get().history.past).toHaveLength(6);
    h.get().undo();
    h.get().undo();
    h.get().undo();
    expect(h.get().history.present.layers[0]).toMatchObject({ prompt: "a red kite", opacity: 0.5 });
    h.get().undo();
    expect(h.get().history.present.layers[0]).toMatchObject({ prompt: "" });
  });
});

describe("a job's frame", () => {
  it("Inpainting opened again keeps the frame the member set for it, after the canvas framed otherwise", () => {
    const h = harness();
    h.get().setPicture(picture);
    h.get().applyPreset("inpaint");
    const mine = { x: 128, y: 64, width: 384, height: 320 };
    h.get().setFrame(mine);
    h.get().keepJobFrame("inpaint");
    // Outpainting next, then Inpainting again (as opening each page does).
    h.get().applyPreset("outpaint");
    expect(h.get().history.present.frame).not.toEqual(mine);
    h.get().applyPreset("inpaint");
    expect(h.get().history.present.frame).toEqual(mine);
  });

  it("a frame kept on another picture is not taken to a new one", () => {
    const h = harness();
    h.get().setPicture(picture);
    h.get().setFrame({ x: 128, y: 64, width: 384, height: 320 });
    h.get().keepJobFrame("inpaint");
    h.get().setPicture({ ...picture, id: "q" });
    h.get().applyPreset("inpaint");
    expect(h.get().history.present.frame).toEqual({ x: 0, y: 0, width: 768, height: 512 });
  });

  it("the frames kept per job, and the settings set aside, outlive a reload", () => {
    const h = harness();
    h.get().setPicture(picture);
    h.get().setFrame({ x: 64, y: 64, width: 256, height: 256 });
    h.get().keepJobFrame("inpaint");
    h.get().setSettings({ prompt: "a lighthouse", seed: 42, steps: 30 });
    h.get().resetSettings();
    const s = h.get();
    const stored = JSON.parse(
      JSON.stringify({
        doc: s.history.present,
        selectedId: s.selectedId,
        settings: s.settings,
        tool: s.tool,
        sizes: s.sizes,
        staging: null,
        jobFrames: s.jobFrames,
        setAside: s.setAside,
      }),
    );
    const read = readPersisted(stored);
    expect(read?.jobFrames.inpaint?.frame).toEqual({ x: 64, y: 64, width: 256, height: 256 });
    expect(read?.setAside?.settings).toMatchObject({ prompt: "a lighthouse", seed: 42, steps: 30 });
  });
});

describe("the settings as a draft", () => {
  it("Reset clears the settings and keeps the layers; Restore brings the settings back", () => {
    const h = harness();
    h.get().setPicture(picture);
    h.get().addLayer("inpaintMask");
    h.get().setSettings({ prompt: "a red kite", seed: 7, CFGScale: 4.5 });
    const before = h.get().settings;
    const doc = h.get().history.present;
    h.get().resetSettings();
    expect(h.get().settings.prompt).toBe("");
    expect(h.get().settings.seed).toBeUndefined();
    expect(h.get().history.present).toBe(doc);
    h.get().restoreSettings();
    expect(h.get().settings).toEqual(before);
    expect(h.get().setAside).toBeNull();
  });

  it("a teammate's setup sets the member's own aside until they change something", () => {
    const h = harness();
    h.get().setSettings({ prompt: "mine" });
    const mine = h.get().settings;
    h.get().openSetup({ ...mine, prompt: "theirs", steps: 12 }, "Ada");
    expect(h.get().setAside).toMatchObject({ why: "setup", author: "Ada", settings: mine });
    // A second setup opened over the first still restores the member's own.
    h.get().openSetup({ ...mine, prompt: "another" }, "Bo");
    h.get().restoreSettings();
    expect(h.get().settings).toEqual(mine);
    h.get().openSetup({ ...mine, prompt: "theirs" }, "Ada");
    h.get().setSettings({ prompt: "theirs, then mine" });
    expect(h.get().setAside).toBeNull();
  });
});
