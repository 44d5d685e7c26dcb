import { requireUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { readBody } from "@/lib/server/http/read-body";
import { storeUpload, UPLOAD_LIMIT_BYTES } from "@/lib/server/results/uploads";
import { getRuntime } from "@/lib/server/runtime";
import { TOO_LARGE_MESSAGE } from "@/lib/studio/uploads";

function refuse(status: number, message: string): Response {
  return Response.json(
    { errors: [{ code: "invalidImage", message, parameter: "image", type: "string" }] },
    { status },
  );
}

/**
 * Takes one image from the browser, as multipart form data (field `image`) or as the raw body
 * with an image content type, and answers its id: usable as any image input of a task.
 */
export const POST = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const type = request.headers.get("content-type") ?? "";
  const multipart = type.startsWith("multipart/form-data");
  if (!multipart && !type.startsWith("image/"))
    return refuse(415, "Send an image (PNG, JPG or WEBP) as form data or as the request body.");
  // Counted as it arrives, before anything parses it; multipart adds a little framing.
  const body = await readBody(request, UPLOAD_LIMIT_BYTES + (multipart ? 64 * 1024 : 0));
  if (!body.ok) return body.response.status === 413 ? refuse(413, TOO_LARGE_MESSAGE) : body.response;
  let bytes: Buffer;
  if (multipart) {
    const form = await new Response(body.bytes, { headers: { "content-type": type } })
      .formData()
      .catch(() => null);
    const file = form?.get("image");
    if (!(file instanceof File)) return refuse(400, "Send the image in a form field named 'image'.");
    bytes = Buffer.from(await file.arrayBuffer());
  } else {
    bytes = Buffer.from(body.bytes.buffer, body.bytes.byteOffset, body.bytes.byteLength);
  }
  const outcome = await storeUpload(runtime.database.db, runtime.storage, user.id, bytes);
  if (!outcome.ok) return refuse(outcome.status, outcome.message);
  return Response.json({ data: outcome.upload }, { status: 201 });
});
