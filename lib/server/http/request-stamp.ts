import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import { cameOverHttps, clientIp } from "./client-ip";

/** The client's address (sign-in limits key on it). */
export const CLIENT_IP_HEADER = "x-studio-client-ip";
/** `1` when the client reached the studio over HTTPS (cookies are then `Secure`), else `0`. */
export const HTTPS_HEADER = "x-studio-https";
/** The page address asked for, so a sign-in redirect can come back to it. */
export const PAGE_PATH_HEADER = "x-studio-path";

/**
 * What only the socket knows, written onto the request before anything else reads it. Each header
 * replaces whatever a client sent under that name, so none of them can be forged from outside.
 */
export function stampRequest(req: IncomingMessage, trustedProxies: number): void {
  const forwardedFor = req.headers["x-forwarded-for"];
  const forwardedProto = req.headers["x-forwarded-proto"];
  req.headers[CLIENT_IP_HEADER] = clientIp(
    req.socket.remoteAddress,
    Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor,
    trustedProxies,
  );
  const encrypted = Boolean((req.socket as Partial<TLSSocket>).encrypted);
  req.headers[HTTPS_HEADER] = cameOverHttps(
    encrypted,
    Array.isArray(forwardedProto) ? forwardedProto.join(",") : forwardedProto,
    trustedProxies,
  )
    ? "1"
    : "0";
  req.headers[PAGE_PATH_HEADER] = pagePath(req.url ?? "/");
}

/** The address without Next's own client-navigation marker (`_rsc`). */
function pagePath(url: string): string {
  const parsed = new URL(url, "http://studio.invalid");
  parsed.searchParams.delete("_rsc");
  return `${parsed.pathname}${parsed.search}`;
}
