import "server-only";
import type { ServiceError } from "@/lib/protocol/errors";

export type BytesResult = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; response: Response };

/** The error for a body over its limit: one wording wherever it is refused (handler, bridge, server). */
export function bodyTooLarge(limitBytes: number): ServiceError {
  return {
    code: "payloadTooLarge",
    message: `The body is larger than ${limitBytes} bytes.`,
    parameter: "body",
  };
}

/** The answer to a body over its limit. */
export function payloadTooLarge(limitBytes: number): Response {
  return Response.json({ errors: [bodyTooLarge(limitBytes)] }, { status: 413 });
}

function unreadable(): Response {
  return Response.json(
    {
      errors: [
        { code: "invalidRequestBody", message: "The request body could not be read.", parameter: "body" },
      ],
    },
    { status: 400 },
  );
}

/**
 * Reads a request's body, at most `limitBytes` of it. The bytes are counted as they arrive (a
 * chunked body declares no length), and the first chunk past the limit cancels the stream and
 * answers 413: whatever a client sends, no more than the limit and one chunk is ever held. A
 * declared Content-Length over the limit is refused before anything is read.
 */
export async function readBody(request: Request, limitBytes: number): Promise<BytesResult> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limitBytes) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, response: payloadTooLarge(limitBytes) };
  }
  if (request.body === null) return { ok: true, bytes: new Uint8Array(0) };
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = request.body.getReader();
  } catch {
    // Already read (or locked) by someone else.
    return { ok: false, response: unreadable() };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limitBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, response: payloadTooLarge(limitBytes) };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, response: unreadable() };
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/** `readBody` as UTF-8 text (malformed sequences become U+FFFD, as `request.text()` makes them). */
export async function readText(
  request: Request,
  limitBytes: number,
): Promise<{ ok: true; text: string } | { ok: false; response: Response }> {
  const body = await readBody(request, limitBytes);
  return body.ok ? { ok: true, text: new TextDecoder().decode(body.bytes) } : body;
}

/**
 * The request again with its body already read (within its limit), for a handler that parses the
 * body itself (better-auth, form data): the copy holds the bytes, so nothing it does reads more.
 */
export function withBytes(
  request: Request,
  bytes: Uint8Array<ArrayBuffer>,
  headers = new Headers(request.headers),
): Request {
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  const body = request.method === "GET" || request.method === "HEAD" ? null : bytes;
  return new Request(request.url, { method: request.method, headers, body });
}
