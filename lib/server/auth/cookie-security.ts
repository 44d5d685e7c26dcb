import "server-only";
import { HTTPS_HEADER } from "@/lib/server/http/request-stamp";

/**
 * Whether the session cookie may be `Secure`: a browser drops a `Secure` cookie set over plain
 * HTTP on any address but loopback, so a team serving the studio at `http://192.168.1.20:3000`
 * could not sign in at all. Secure when the studio's public URL is https, or when this request
 * itself came over HTTPS (a TLS socket, or a trusted proxy's X-Forwarded-Proto, as `server.ts`
 * stamped it).
 */
export function wantsSecureCookies(request: Request, studioUrl: string | undefined): boolean {
  if (studioUrl) return new URL(studioUrl).protocol === "https:";
  return request.headers.get(HTTPS_HEADER) === "1" || new URL(request.url).protocol === "https:";
}

/**
 * better-auth decides `Secure` once for the process; the studio decides it per request. Its
 * cookies are made without it, and it is added here when the request allows it.
 */
export function withCookieSecurity(response: Response, secure: boolean): Response {
  const cookies = response.headers.getSetCookie();
  if (!secure || cookies.length === 0) return response;
  const headers = new Headers(response.headers);
  headers.delete("set-cookie");
  for (const cookie of cookies) {
    headers.append("set-cookie", /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
