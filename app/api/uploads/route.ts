import { route } from "@/lib/server/api/route";
import { readBody } from "@/lib/server/http/read-body";
import { storeUpload, UPLOAD_LIMIT_BYTES } from "@/lib/server/results/uploads";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";
import { TOO_LARGE_MESSAGE } from "@/lib/studio/uploads";

/**
 * The session is checked (by `route`) and the member's upload budget counted before a byte of the
 * body is read; the body is then counted as it arrives, before anything parses it.
 */
export const POST = route(api.uploads.create, async ({ user, request, db, limits, storage }) => {
  // Counted before the body is read: each upload is decoded whole, the costly part.
  const wait = await limits.take("uploads", user.id);
  if (wait > 0) throw studioErrors.uploadsLimited(wait);
  const type = request.headers.get("content-type") ?? "";
  const multipart = type.startsWith("multipart/form-data");
  if (!multipart && !type.startsWith("image/"))
    throw studioErrors.invalidImage(
      415,
      "Send an image (PNG, JPG or WEBP) as form data or as the request body.",
    );
  // Multipart adds a little framing.
  const body = await readBody(request, UPLOAD_LIMIT_BYTES + (multipart ? 64 * 1024 : 0));
  if (!body.ok) {
    if (body.response.status === 413) throw studioErrors.invalidImage(413, TOO_LARGE_MESSAGE);
    return body.response;
  }
  let bytes: Buffer;
  if (multipart) {
    const form = await new Response(body.bytes, { headers: { "content-type": type } })
      .formData()
      .catch(() => null);
    const file = form?.get("image");
    if (!(file instanceof File))
      throw studioErrors.invalidImage(400, "Send the image in a form field named 'image'.");
    bytes = Buffer.from(await file.arrayBuffer());
  } else {
    bytes = Buffer.from(body.bytes.buffer, body.bytes.byteOffset, body.bytes.byteLength);
  }
  const outcome = await storeUpload(db, storage, user.id, bytes);
  if (!outcome.ok) throw studioErrors.invalidImage(outcome.status, outcome.message);
  return outcome.upload;
});
