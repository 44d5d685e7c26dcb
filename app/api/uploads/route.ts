import { requireUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
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
  const declared = Number(request.headers.get("content-length") ?? "0");
  // Multipart adds a little framing around the file.
  if (declared > UPLOAD_LIMIT_BYTES + 64 * 1024) return refuse(413, TOO_LARGE_MESSAGE);
  const type = request.headers.get("content-type") ?? "";
  let bytes: Buffer;
  if (type.startsWith("multipart/form-data")) {
    const form = await request.formData().catch(() => null);
    const file = form?.get("image");
    if (!(file instanceof File)) return refuse(400, "Send the image in a form field named 'image'.");
    bytes = Buffer.from(await file.arrayBuffer());
  } else if (type.startsWith("image/")) {
    bytes = Buffer.from(await request.arrayBuffer());
  } else {
    return refuse(415, "Send an image (PNG, JPG or WEBP) as form data or as the request body.");
  }
  const outcome = await storeUpload(runtime.database.db, runtime.storage, user.id, bytes);
  if (!outcome.ok) return refuse(outcome.status, outcome.message);
  return Response.json({ data: outcome.upload }, { status: 201 });
});
