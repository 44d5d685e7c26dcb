import "server-only";
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item, task } from "@/lib/server/db/schema";
import type { MediaStorage } from "@/lib/server/storage";
import { studioErrors } from "@/lib/studio/api/errors";
import { workflowOf } from "@/lib/studio/workflow-of";
import { fail } from "../items/actor";
import { guestParams } from "../share/view";

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/avif": "avif",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
};

/** `a-red-fox-in-the-1.png`: the prompt's first words, the position in the download, the format. */
export function zipEntryName(
  prompt: string | null,
  position: number,
  mime: string,
  storageKey: string,
): string {
  const words = (prompt ?? "")
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, " ")
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 6)
    .join("-")
    .slice(0, 60)
    .replace(/-+$/, "");
  const ext = EXTENSIONS[mime] ?? storageKey.split(".").pop() ?? "bin";
  return `${words || "untitled"}-${position}.${ext}`;
}

/**
 * The originals of live items as one zip, streamed as it is made, with `manifest.json` holding
 * each file's parameters. Files are stored, not deflated: images and videos are compressed already.
 * A missing or trashed item refuses the whole download (404 naming `itemIds`).
 */
export async function zipItems(
  deps: { db: StudioDatabase; storage: Pick<MediaStorage, "get"> },
  itemIds: readonly string[],
): Promise<{ stream: ReadableStream<Uint8Array>; filename: string }> {
  const unique = [...new Set(itemIds)];
  const rows = await deps.db
    .select({
      id: item.id,
      kind: item.kind,
      mime: item.mime,
      width: item.width,
      height: item.height,
      durationSeconds: item.durationSeconds,
      seed: item.seed,
      model: item.model,
      prompt: item.prompt,
      storageKey: item.storageKey,
      createdAt: item.createdAt,
      params: task.params,
    })
    .from(item)
    .innerJoin(task, eq(task.taskUUID, item.taskUUID))
    .where(and(inArray(item.id, unique), isNull(item.deletedAt)));
  if (rows.length !== unique.length) fail(studioErrors.someItemsMissing());
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = unique.map((id) => byId.get(id) as (typeof rows)[number]);
  const entries = ordered.map((r, i) => {
    const prompt = r.prompt ?? (typeof r.params.positivePrompt === "string" ? r.params.positivePrompt : null);
    return { row: r, prompt, name: zipEntryName(prompt, i + 1, r.mime, r.storageKey) };
  });
  const manifest = entries.map(({ row, prompt, name }) => ({
    file: name,
    id: row.id,
    kind: row.kind,
    mime: row.mime,
    width: row.width,
    height: row.height,
    durationSeconds: row.durationSeconds,
    workflow: workflowOf(row.params),
    model: row.model,
    prompt,
    createdAt: row.createdAt.toISOString(),
    parameters: guestParams(row.params, row.seed),
  }));

  const archive = new ZipArchive({ store: true });
  const out = new PassThrough();
  archive.pipe(out);
  archive.on("error", (err) => out.destroy(err));
  // One file open at a time: the next is read only once the archive has taken the previous one.
  void (async () => {
    try {
      for (const { row, name } of entries) {
        const object = await deps.storage.get(row.storageKey);
        if (!object) continue;
        const taken = once(archive, "entry");
        archive.append(object.stream, { name, date: row.createdAt });
        await taken;
      }
      archive.append(`${JSON.stringify(manifest, null, 2)}\n`, { name: "manifest.json" });
      await archive.finalize();
    } catch (err) {
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return {
    stream: Readable.toWeb(out) as ReadableStream<Uint8Array>,
    filename: `media-studio-${ordered.length}-${ordered.length === 1 ? "item" : "items"}.zip`,
  };
}
