/**
 * The bucket's fill off the page's thread: over a 2048-pixel picture it rasterizes the layer and
 * scans every pixel, which takes a good part of a second on a slow machine.
 */
import type { BucketAnswer, BucketRequest } from "./bucket-fill";
import { bucketOp } from "./paint-tools";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<BucketRequest>) => void) | null;
  postMessage(answer: BucketAnswer): void;
};

scope.onmessage = ({ data }) => {
  scope.postMessage({ id: data.id, op: bucketOp(data.doc, data.layer, data.at, data.mode) });
};
