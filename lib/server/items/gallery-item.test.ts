import { describe, expect, it } from "vitest";
import type { ItemRow } from "@/lib/server/db/schema";
import { toGalleryItem } from "./gallery-item";

const row: ItemRow = {
  id: "00000000-0000-4000-8000-000000000001",
  taskUUID: "00000000-0000-4000-8000-000000000002",
  authorId: "u1",
  index: 0,
  mediaUUID: "m1",
  kind: "image",
  mime: "image/jpeg",
  width: 768,
  height: 512,
  durationSeconds: null,
  seed: "42",
  cost: null,
  nsfw: null,
  notDrawn: null,
  storageKey: "items/2026/11/m1.jpg",
  bytes: 1000,
  createdAt: new Date(0),
  taskType: "imageInference",
  workflow: "text-to-image",
  model: "runware:100@1",
  loras: [],
  prompt: "a lighthouse",
  reviewState: "draft",
  assigneeId: null,
  ratingCount: 0,
  ratingAvg: null,
  deletedAt: null,
  deletedBy: null,
  stackId: null,
  version: null,
  superseded: false,
  seedKey: null,
};

describe("toGalleryItem", () => {
  it("names the workflow that made the item, so its card links straight to that page", () => {
    const params = { taskType: "imageInference", positivePrompt: "a lighthouse" };
    const item = (extra: Record<string, unknown>) =>
      toGalleryItem(row, { taskType: "imageInference", params: { ...params, ...extra } }, "Ada");
    expect(item({}).workflow).toBe("text-to-image");
    expect(item({ seedImage: "s", maskImage: "m" }).workflow).toBe("inpainting");
    expect(item({ seedImage: "s", outpaint: { top: 64 } }).workflow).toBe("outpainting");
    expect(
      toGalleryItem(row, { taskType: "videoInference", params: { taskType: "videoInference" } }, "Ada")
        .workflow,
    ).toBe("video");
  });
});
