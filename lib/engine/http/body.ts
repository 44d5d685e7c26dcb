import "server-only";
import type { IncomingMessage } from "node:http";

export type BodyOutcome = { ok: true; text: string } | { ok: false; reason: "tooLarge" | "aborted" };

/**
 * Reads a request body up to `limit` bytes. A declared Content-Length over the limit is refused
 * by the caller before this runs; a chunked body that passes the limit stops being read at once
 * (the caller answers 413 and closes the connection, so the rest is never read).
 *
 * The listeners are inline anonymous functions on purpose: this runs once per request, and named
 * closures cost a `__name` call each under tsx (esbuild's keepNames).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        req.pause();
        resolve({ ok: false, reason: "tooLarge" });
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (done) return;
      done = true;
      resolve({
        ok: true,
        text:
          chunks.length === 1
            ? (chunks[0] as Buffer).toString("utf8")
            : Buffer.concat(chunks, size).toString("utf8"),
      });
    });
    req.on("error", () => {
      if (done) return;
      done = true;
      resolve({ ok: false, reason: "aborted" });
    });
    req.on("close", () => {
      if (done) return;
      done = true;
      resolve({ ok: false, reason: "aborted" });
    });
  });
}
