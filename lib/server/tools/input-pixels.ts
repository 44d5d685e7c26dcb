import "server-only";
import { eq } from "drizzle-orm";
import sharp from "@/lib/platform/sharp";
import { type ServiceError, serviceErrors } from "@/lib/protocol/errors";
import { TOOL_INPUT_MAX_PIXELS, tooManyPixels } from "@/lib/protocol/image-limits";
import { classifyImageInput } from "@/lib/protocol/primitives";
import type { StudioDatabase } from "@/lib/server/db";
import { item, upload } from "@/lib/server/db/schema";

/**
 * Refuses an image input above `TOOL_INPUT_MAX_PIXELS` before anything decodes it: inline data
 * by its header (sharp reads the dimensions without decoding pixels), studio images by their
 * record. URLs are left to the service, which fetches them.
 */
export async function checkInputPixels(
  db: StudioDatabase,
  value: string,
  parameter: string,
): Promise<ServiceError | null> {
  const kind = classifyImageInput(value);
  if (kind === null || kind.kind === "url") return null;
  let size: { width: number; height: number } | undefined;
  if (kind.kind === "uuid") {
    const [uploaded] = await db
      .select({ width: upload.width, height: upload.height })
      .from(upload)
      .where(eq(upload.id, kind.uuid));
    const [generated] = uploaded
      ? [uploaded]
      : await db
          .select({ width: item.width, height: item.height })
          .from(item)
          .where(eq(item.mediaUUID, kind.uuid));
    size = generated;
  } else {
    try {
      const meta = await sharp(Buffer.from(kind.base64, "base64")).metadata();
      if (meta.width && meta.height) size = { width: meta.width, height: meta.height };
    } catch {
      return null; // unreadable: the service says so in its own words
    }
  }
  if (!size || size.width * size.height <= TOOL_INPUT_MAX_PIXELS) return null;
  return serviceErrors.mediaUnreadable(parameter, tooManyPixels(size.width, size.height));
}
