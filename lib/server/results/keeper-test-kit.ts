import fs from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { OpenedDatabase } from "@/lib/server/db";
import { LocalMediaStorage, type MediaStorage } from "@/lib/server/storage";
import { EventLog } from "@/lib/server/stream/event-log";
import type { ImageItem, UpstreamClient } from "@/lib/upstream";
import { ResultKeeper } from "./keeper";

/** An upstream that never speaks: the test hands the keeper its results itself. */
export const quietUpstream = {
  socket: { onMessage: () => () => undefined, start() {} },
  watch: async () => ({ ok: true, items: [] }),
} as unknown as UpstreamClient;

/**
 * What the keeper's tests need around it: a media host serving one PNG of the given size for every
 * path (the service's result URLs), and a folder for the kept media; `close` removes both.
 */
export async function keeperTestKit(name: string, size = { width: 8, height: 8 }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const png = await sharp({ create: { ...size, channels: 3, background: "#cc6633" } })
    .png()
    .toBuffer();
  /** Downloads waiting for `release` while the host holds them. */
  let held: (() => void)[] | null = null;
  const server = createServer((_req, res) => {
    const answer = () => res.writeHead(200, { "content-type": "image/png" }).end(png);
    if (held) held.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** A keeper on `database` with this kit's media folder (or `storage`) and host. */
    keeper: (
      database: OpenedDatabase,
      storage: MediaStorage = new LocalMediaStorage(path.join(dir, "media")),
    ) =>
      new ResultKeeper({
        db: database.db,
        storage,
        upstream: quietUpstream,
        log: new EventLog(),
        upstreamOrigin: origin,
      }),
    /** A folder of the kit's own, removed with it. */
    dir,
    /** One image result of `taskUUID`, served by the kit's media host. */
    imageItem: (taskUUID: string, index: number, seed = 7): ImageItem => {
      const id = crypto.randomUUID();
      return {
        kind: "image",
        taskType: "imageInference",
        taskUUID,
        id,
        index,
        result: {
          taskType: "imageInference",
          taskUUID,
          imageUUID: id,
          imageURL: `${origin}/media/${id}.png`,
          seed,
        },
      } as ImageItem;
    },
    /** Downloads wait from now on, until `release`. */
    hold() {
      held ??= [];
    },
    /** The held downloads are answered, and later ones at once. */
    release() {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    async close() {
      this.release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
