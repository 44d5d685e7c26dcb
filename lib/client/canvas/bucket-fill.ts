"use client";

/**
 * The bucket without holding the page: the fill is worked out in a worker (bucket-worker.ts) and
 * answered as one region, so painting, the pointer and the panels stay live while it runs. Where
 * no worker can start (an old browser, a test without one), the same function runs here instead.
 */
import type { CanvasDocument, Layer } from "./canvas-document";
import type { PaintMode, RegionOp } from "./paint-ops";
import { bucketOp } from "./paint-tools";

export interface BucketRequest {
  id: number;
  /** Only what the bounds are made of: the picture's size and the frame. */
  doc: CanvasDocument;
  layer: Layer;
  at: { x: number; y: number };
  mode: PaintMode;
}

export interface BucketAnswer {
  id: number;
  op: RegionOp | null;
}

type Waiting = { request: BucketRequest; resolve(op: RegionOp | null): void };

let worker: Worker | null | undefined;
let lastId = 0;
const waiting = new Map<number, Waiting>();

function here({ doc, layer, at, mode }: BucketRequest): RegionOp | null {
  return bucketOp(doc, layer, at, mode);
}

function started(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    const made = new Worker(new URL("./bucket-worker.ts", import.meta.url), { type: "module" });
    made.onmessage = ({ data }: MessageEvent<BucketAnswer>) => {
      const entry = waiting.get(data.id);
      waiting.delete(data.id);
      entry?.resolve(data.op);
    };
    // A worker that cannot run gives its fills back to this thread, now and from then on.
    made.onerror = () => {
      worker = null;
      made.terminate();
      for (const [id, entry] of waiting) {
        waiting.delete(id);
        entry.resolve(here(entry.request));
      }
    };
    worker = made;
  } catch {
    worker = null;
  }
  return worker;
}

/** `bucketOp` (paint-tools.ts), answered later rather than at once. */
export function bucketOpOffThread(
  doc: CanvasDocument,
  layer: Layer,
  at: { x: number; y: number },
  mode: PaintMode,
): Promise<RegionOp | null> {
  const request: BucketRequest = {
    id: ++lastId,
    doc: { picture: doc.picture, frame: doc.frame, layers: [] },
    layer,
    at: { x: at.x, y: at.y },
    mode,
  };
  const running = started();
  if (!running) return Promise.resolve(here(request));
  return new Promise((resolve) => {
    waiting.set(request.id, { request, resolve });
    running.postMessage(request);
  });
}
