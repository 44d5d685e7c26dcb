import "server-only";

/**
 * The origin a request was sent to, as the browser sees it: its scheme with the Host header.
 * Not `request.url`, whose host is the name the server was started with (`localhost`), whatever
 * name or address the person typed.
 */
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get("host") ?? url.host;
  return `${url.protocol}//${host}`;
}
