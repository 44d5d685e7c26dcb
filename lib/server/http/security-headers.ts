import "server-only";
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { HTTPS_HEADER } from "./request-stamp";

export interface SecurityContext {
  /** The request's path, without its query. */
  path: string;
  /** Next's development server: its overlay and React's dev build need eval. */
  dev: boolean;
  /** The client reached the studio over HTTPS (directly, or through a trusted proxy). */
  https: boolean;
  /** This page's script nonce; pages only. */
  nonce?: string;
}

/** Features the studio never uses: no page of it, and no page that frames it, may ask for them. */
const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "midi=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "browsing-topics=()",
].join(", ");

/** A public share or guest review page's address holds its token: no other site learns it from a Referer. */
function isSharePage(path: string): boolean {
  return path === "/s" || path.startsWith("/s/") || path.startsWith("/a/");
}

function isApi(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/**
 * A page's Content-Security-Policy. Scripts run only from this origin and only when they carry
 * the page's nonce (Next.js puts it on every script it writes, reading it from the request's own
 * policy header), or are loaded by such a script. Media and the canvas (and its worker) work with
 * `blob:` and `data:` addresses of their own; the live stream is a WebSocket to this origin. Styles
 * stay `unsafe-inline`: React writes style attributes, which no nonce can cover.
 */
export function contentSecurityPolicy(ctx: SecurityContext & { nonce: string }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${ctx.nonce}' 'strict-dynamic'${ctx.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "media-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self' blob: data:",
    "worker-src 'self' blob:",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(ctx.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/**
 * The security headers of one answer. Pages get the full policy with their nonce; API answers
 * (JSON, media) are never framed and never sniffed, and carry no page policy, so the browser's own
 * viewer still plays a media address opened on its own.
 */
export function securityHeaders(ctx: SecurityContext): Record<string, string> {
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": isSharePage(ctx.path) ? "no-referrer" : "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    "cross-origin-opener-policy": "same-origin",
    "content-security-policy":
      !isApi(ctx.path) && ctx.nonce !== undefined
        ? contentSecurityPolicy({ ...ctx, nonce: ctx.nonce })
        : "frame-ancestors 'none'",
  };
  // Only over HTTPS: a browser ignores it on plain HTTP, and a studio on a LAN address stays reachable.
  if (ctx.https) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/**
 * A page's script nonce, read back from the policy `applySecurityHeaders` handed to Next.js on the
 * request: for a script the page writes itself (the layout's inline one), as Next.js does for its own.
 */
export function scriptNonceOf(policy: string | null | undefined): string | undefined {
  return policy ? /'nonce-([^']+)'/.exec(policy)?.[1] : undefined;
}

/**
 * Sets the security headers on an answer before anything else writes it, and for a page hands
 * its policy to Next.js on the request, where Next.js reads the nonce for the scripts it writes.
 * Whatever policy a client sent on its request is replaced, so no one chooses a page's nonce.
 */
export function applySecurityHeaders(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  options: { dev: boolean },
): void {
  const page = !isApi(path);
  const ctx: SecurityContext = {
    path,
    dev: options.dev,
    https: req.headers[HTTPS_HEADER] === "1",
    ...(page ? { nonce: randomBytes(16).toString("base64") } : {}),
  };
  const headers = securityHeaders(ctx);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  delete req.headers["content-security-policy-report-only"];
  if (page) req.headers["content-security-policy"] = headers["content-security-policy"];
  else delete req.headers["content-security-policy"];
}
