import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ResolvedAddress, Resolver } from "./guarded-fetch";

/** Test helpers: real HTTP servers on loopback, port 0. Not used by engine code. */

export interface TestServer {
  port: number;
  /** `http://<host>:<port>` */
  origin: string;
  /** TCP connections accepted so far. */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startServer(
  handler: http.RequestListener,
  host: "127.0.0.1" | "::1" = "127.0.0.1",
): Promise<TestServer> {
  const server = http.createServer(handler);
  let connections = 0;
  server.on("connection", () => {
    connections++;
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: host.includes(":") ? `http://[${host}]:${port}` : `http://${host}:${port}`,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** True when this machine can listen on ::1 (some containers have no IPv6 loopback). */
export async function hasIpv6Loopback(): Promise<boolean> {
  try {
    const s = await startServer(() => {}, "::1");
    await s.close();
    return true;
  } catch {
    return false;
  }
}

/** A resolver answering from a fixed table; unknown names fail like NXDOMAIN. */
export function fakeResolver(table: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const found = table[hostname.toLowerCase()];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

export function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}
