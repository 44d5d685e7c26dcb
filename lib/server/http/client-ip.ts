/**
 * The address of the person behind a request. With no trusted proxy it is the socket's peer, and
 * `X-Forwarded-For` is ignored: anyone can send that header. Behind `hops` proxies, each appends
 * the address it received the request from, so the client is the `hops`-th entry from the right;
 * entries further left were written by the client itself and prove nothing.
 */
export function clientIp(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  hops: number,
): string {
  const peer = socketAddress || "unknown";
  if (hops <= 0 || !forwardedFor) return peer;
  const chain = forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  return chain[chain.length - hops] ?? chain[0] ?? peer;
}

/** Whether the request reached the studio over HTTPS: a TLS socket, or a trusted proxy's word. */
export function cameOverHttps(encrypted: boolean, forwardedProto: string | undefined, hops: number): boolean {
  if (encrypted) return true;
  if (hops <= 0 || !forwardedProto) return false;
  // Each proxy may append its own; the client's scheme is what the outermost trusted one saw.
  const chain = forwardedProto.split(",").map((p) => p.trim().toLowerCase());
  return (chain[chain.length - hops] ?? chain[0]) === "https";
}
