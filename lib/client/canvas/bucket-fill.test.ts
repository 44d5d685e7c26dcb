import { describe, expect, it } from "vitest";
import { bucketOpOffThread } from "./bucket-fill";
import type { CanvasDocument, Layer } from "./canvas-document";
import { bucketOp } from "./paint-tools";

const layer: Layer = {
  id: "m",
  name: "Inpaint mask 1",
  kind: "inpaintMask",
  hidden: false,
  locked: false,
  opacity: 1,
  strokes: [{ mode: "paint", size: 20, pressure: false, points: [0, 50, 0.5, 200, 50, 0.5] }],
};
const doc: CanvasDocument = {
  picture: { id: "p", url: "/p.png", width: 200, height: 100 },
  layers: [layer],
  frame: { x: 0, y: 0, width: 192, height: 128 },
};

describe("the bucket off the page's thread", () => {
  it("answers the same region as the fill worked out here, where no worker can start", async () => {
    expect(await bucketOpOffThread(doc, layer, { x: 10, y: 10 }, "paint")).toEqual(
      bucketOp(doc, layer, { x: 10, y: 10 }, "paint"),
    );
  });
});
