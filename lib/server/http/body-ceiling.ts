import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { UPLOAD_LIMIT_BYTES } from "@/lib/studio/uploads";
import { bodyTooLarge } from "./read-body";

const KB = 1024;
const MB = 1024 * KB;

/**
 * The most body bytes any handler under a path reads: generation requests, tools and webhook
 * results may carry inline images; uploads carry one image in a form; every other route takes a
 * small JSON body (the largest, experiments and evaluation sets, 512 KB). Each handler enforces
 * its own, tighter limit as the bytes arrive; this one refuses a declared length at once.
 */
export function bodyCeilingFor(path: string): number {
  if (path === "/api/uploads") return UPLOAD_LIMIT_BYTES + 64 * KB;
  if (path === "/api/tasks" || path === "/api/tools" || path.startsWith("/api/webhooks/")) return 32 * MB;
  return 1 * MB;
}

/**
 * Answers 413 (and closes the connection, so the body is never read) when a request declares a
 * body larger than its path takes; false when it may go on to its handler.
 */
export function refuseDeclaredOversize(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  const declared = Number(req.headers["content-length"] ?? "0");
  const ceiling = bodyCeilingFor(path);
  if (!(declared > ceiling)) return false;
  const body = JSON.stringify({ errors: [bodyTooLarge(ceiling)] });
  res.writeHead(413, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    connection: "close",
  });
  res.end(body);
  return true;
}
