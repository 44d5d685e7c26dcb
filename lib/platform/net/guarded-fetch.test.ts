import type http from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GuardedFetchError, type GuardedFetchReason } from "./errors";
import { type AddressPolicy, defaultAddressPolicy, guardedRequest } from "./guarded-fetch";
import { fakeResolver, hasIpv6Loopback, readBody, startServer, type TestServer } from "./test-servers";

async function failure(promise: Promise<unknown>): Promise<GuardedFetchError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(GuardedFetchError);
    return err as GuardedFetchError;
  }
  throw new Error("expected the request to fail");
}

/**
 * Canaries listen on loopback and count every TCP connection. Each forbidden URL below points at
 * a canary's port, so a request that slipped past the guard would show up as a connection.
 */
let canary4: TestServer;
let canary6: TestServer | undefined;
let open: TestServer;
const openRequests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];

beforeAll(async () => {
  const answer: http.RequestListener = (_req, res) => res.end("canary reached");
  canary4 = await startServer(answer);
  canary6 = (await hasIpv6Loopback()) ? await startServer(answer, "::1") : undefined;
  open = await startServer(async (req, res) => {
    const body = await readBody(req);
    openRequests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
    res.end("open");
  });
});

afterAll(async () => {
  await canary4.close();
  await canary6?.close();
  await open.close();
});

function canaryConnections(): number {
  return canary4.connections + (canary6?.connections ?? 0);
}

describe("SSRF: forbidden destinations never get a connection", () => {
  let baseline = 0;
  beforeEach(() => {
    baseline = canaryConnections();
  });
  afterEach(() => {
    expect(canaryConnections() - baseline, "connections the canaries received").toBe(0);
  });
  afterAll(() => {
    expect(canaryConnections()).toBe(0);
  });

  const p4 = () => canary4.port;
  const p6 = () => canary6?.port ?? canary4.port;
  const resolver = fakeResolver({
    "evil.test": ["127.0.0.1"],
    "mixed.test": ["93.184.215.14", "127.0.0.1"],
    "mapped.test": ["::ffff:127.0.0.1"],
    "metadata.test": ["169.254.169.254"],
    "six.test": ["::1"],
  });

  const cases: [string, () => string, GuardedFetchReason][] = [
    ["loopback 127.0.0.1", () => `http://127.0.0.1:${p4()}/`, "forbiddenAddress"],
    ["loopback 127.0.0.2", () => `http://127.0.0.2:${p4()}/`, "forbiddenAddress"],
    ["IPv6 loopback [::1]", () => `http://[::1]:${p6()}/`, "forbiddenAddress"],
    ["hex 0x7f000001", () => `http://0x7f000001:${p4()}/`, "forbiddenAddress"],
    ["decimal 2130706433", () => `http://2130706433:${p4()}/`, "forbiddenAddress"],
    ["octal 0177.0.0.1", () => `http://0177.0.0.1:${p4()}/`, "forbiddenAddress"],
    ["short 127.1", () => `http://127.1:${p4()}/`, "forbiddenAddress"],
    ["IPv4-mapped [::ffff:127.0.0.1]", () => `http://[::ffff:127.0.0.1]:${p4()}/`, "forbiddenAddress"],
    ["IPv4-mapped hex [::ffff:7f00:1]", () => `http://[::ffff:7f00:1]:${p4()}/`, "forbiddenAddress"],
    ["NAT64 [64:ff9b::7f00:1]", () => `http://[64:ff9b::7f00:1]:${p4()}/`, "forbiddenAddress"],
    [
      "metadata 169.254.169.254",
      () => `http://169.254.169.254:${p4()}/latest/meta-data/`,
      "forbiddenAddress",
    ],
    ["private 10.0.0.1", () => `http://10.0.0.1:${p4()}/`, "forbiddenAddress"],
    ["private 172.16.0.1", () => `http://172.16.0.1:${p4()}/`, "forbiddenAddress"],
    ["private 192.168.1.1", () => `http://192.168.1.1:${p4()}/`, "forbiddenAddress"],
    ["CGNAT 100.64.0.1", () => `http://100.64.0.1:${p4()}/`, "forbiddenAddress"],
    // On Linux, connecting to 0.0.0.0 / :: reaches local listeners: the canary would see it.
    ["unspecified 0.0.0.0", () => `http://0.0.0.0:${p4()}/`, "forbiddenAddress"],
    ["unspecified [::]", () => `http://[::]:${p6()}/`, "forbiddenAddress"],
    ["localhost", () => `http://localhost:${p4()}/`, "forbiddenAddress"],
    ["LOCALHOST. (case, trailing dot)", () => `http://LOCALHOST.:${p4()}/`, "forbiddenAddress"],
    ["name resolving to loopback", () => `http://evil.test:${p4()}/`, "forbiddenAddress"],
    ["name with one public and one loopback address", () => `http://mixed.test:${p4()}/`, "forbiddenAddress"],
    ["name resolving to IPv4-mapped loopback", () => `http://mapped.test:${p4()}/`, "forbiddenAddress"],
    ["name resolving to the metadata address", () => `http://metadata.test:${p4()}/`, "forbiddenAddress"],
    ["name resolving to ::1", () => `http://six.test:${p6()}/`, "forbiddenAddress"],
    ["https to loopback", () => `https://127.0.0.1:${p4()}/`, "forbiddenAddress"],
    ["ftp scheme", () => `ftp://127.0.0.1:${p4()}/`, "badScheme"],
    ["file scheme", () => "file:///etc/passwd", "badScheme"],
    ["data scheme", () => "data:text/plain,hello", "badScheme"],
    ["unparsable URL", () => "http://[::1", "badUrl"],
  ];

  it.each(cases)("%s is refused", async (_name, url, reason) => {
    const err = await failure(guardedRequest(url(), { resolver, timeoutMs: 2_000 }));
    expect(err.reason).toBe(reason);
  });

  it("reports the refused address and its range", async () => {
    const err = await failure(guardedRequest(`http://metadata.test:${p4()}/`, { resolver }));
    expect(err).toMatchObject({
      reason: "forbiddenAddress",
      address: "169.254.169.254",
      range: "cloudMetadata",
    });
  });

  it("POST and PUT are guarded the same way", async () => {
    for (const method of ["POST", "PUT"]) {
      const err = await failure(guardedRequest(`http://evil.test:${p4()}/`, { method, body: "x", resolver }));
      expect(err.reason).toBe("forbiddenAddress");
    }
  });
});

describe("positive controls", () => {
  it("with allowPrivate, a loopback URL works", async () => {
    const res = await guardedRequest(`${open.origin}/hello`, { allowPrivate: true });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe("open");
  });

  it("the injected resolver is what the socket connects with", async () => {
    const resolver = fakeResolver({ "evil.test": ["127.0.0.1"] });
    const res = await guardedRequest(`http://evil.test:${open.port}/via-resolver`, {
      resolver,
      allowPrivate: true,
    });
    expect(res.body.toString()).toBe("open");
    expect(resolver.calls).toContain("evil.test");
    expect(openRequests.at(-1)?.headers.host).toBe(`evil.test:${open.port}`);
  });
});

describe("connections", () => {
  it("a request opens its own connection unless asked to reuse one", async () => {
    const before = open.connections;
    for (let i = 0; i < 3; i++) await guardedRequest(`${open.origin}/fresh`, { allowPrivate: true });
    expect(open.connections - before).toBe(3);
  });

  it("requests that reuse connections share one to the same host", async () => {
    const before = open.connections;
    for (let i = 0; i < 3; i++) {
      const res = await guardedRequest(`${open.origin}/kept-${i}`, {
        allowPrivate: true,
        reuseConnections: true,
      });
      expect(res.body.toString()).toBe("open");
    }
    expect(open.connections - before).toBe(1);
  });

  it("a request with its own resolver looks the name up each time, reuse asked or not", async () => {
    const resolver = fakeResolver({ "media.test": ["127.0.0.1"] });
    const before = open.connections;
    for (let i = 0; i < 2; i++)
      await guardedRequest(`http://media.test:${open.port}/own-rules`, {
        resolver,
        allowPrivate: true,
        reuseConnections: true,
      });
    expect(resolver.calls.filter((name) => name === "media.test")).toHaveLength(2);
    expect(open.connections - before).toBe(2);
  });
});

describe("redirects", () => {
  let origin: TestServer;
  let other: TestServer;
  let originHits = 0;
  let otherAuth: string | undefined;

  beforeAll(async () => {
    origin = await startServer(async (req, res) => {
      originHits++;
      const url = new URL(req.url ?? "/", "http://x");
      const body = await readBody(req);
      if (url.pathname === "/to") {
        res.writeHead(302, { location: url.searchParams.get("target") ?? "/" }).end();
      } else if (url.pathname === "/a") {
        res.writeHead(301, { location: "/b" }).end();
      } else if (url.pathname === "/b") {
        res.writeHead(307, { location: "/final" }).end();
      } else if (url.pathname === "/loop") {
        res.writeHead(302, { location: "/loop" }).end();
      } else if (url.pathname === "/see-other") {
        res.writeHead(303, { location: "/echo" }).end();
      } else if (url.pathname === "/echo") {
        res.end(`${req.method} ${body.length}`);
      } else {
        res.end("done");
      }
    });
    other = await startServer((req, res) => {
      otherAuth = req.headers.authorization;
      res.end("other");
    });
  });
  afterAll(async () => {
    await origin.close();
    await other.close();
  });

  /** The test origin (on loopback) is allowed for the first hop only; later hops meet the real policy. */
  const firstHopOnly: AddressPolicy = (address, ctx) => ctx.hop === 0 || defaultAddressPolicy(address, ctx);
  const resolver = fakeResolver({ "origin.test": ["127.0.0.1"], "evil.test": ["127.0.0.1"] });

  const redirectTargets: [string, () => string, GuardedFetchReason][] = [
    ["loopback literal", () => `http://127.0.0.1:${canary4.port}/`, "forbiddenAddress"],
    ["name resolving to loopback", () => `http://evil.test:${canary4.port}/`, "forbiddenAddress"],
    ["IPv4-mapped loopback", () => `http://[::ffff:7f00:1]:${canary4.port}/`, "forbiddenAddress"],
    ["decimal loopback", () => `http://2130706433:${canary4.port}/`, "forbiddenAddress"],
    ["localhost", () => `http://localhost:${canary4.port}/`, "forbiddenAddress"],
    ["metadata", () => `http://169.254.169.254:${canary4.port}/`, "forbiddenAddress"],
    ["ftp", () => `ftp://example.com:${canary4.port}/`, "badScheme"],
    ["file", () => "file:///etc/passwd", "badScheme"],
  ];
  it.each(redirectTargets)("a redirect to %s is refused", async (_name, target, reason) => {
    const before = originHits;
    const canaryBefore = canaryConnections();
    const url = `http://origin.test:${origin.port}/to?target=${encodeURIComponent(target())}`;
    const err = await failure(guardedRequest(url, { resolver, addressPolicy: firstHopOnly }));
    expect(err.reason).toBe(reason);
    expect(originHits).toBe(before + 1);
    expect(canaryConnections() - canaryBefore, "connections the canaries received").toBe(0);
  });

  it("a relative redirect back to the same loopback origin is refused after the first hop", async () => {
    const err = await failure(
      guardedRequest(`http://origin.test:${origin.port}/a`, { resolver, addressPolicy: firstHopOnly }),
    );
    expect(err.reason).toBe("forbiddenAddress");
  });

  it("follows allowed redirects and reports where it ended", async () => {
    const res = await guardedRequest(`${origin.origin}/a`, { allowPrivate: true });
    expect(res.body.toString()).toBe("done");
    expect(res.redirects).toBe(2);
    expect(res.url).toBe(`${origin.origin}/final`);
  });

  it("stops after maxRedirects", async () => {
    const before = originHits;
    const err = await failure(
      guardedRequest(`${origin.origin}/loop`, { allowPrivate: true, maxRedirects: 3 }),
    );
    expect(err.reason).toBe("tooManyRedirects");
    expect(originHits - before).toBe(4);
  });

  it("GET follows 3 redirects by default, not 4", async () => {
    const hop = (n: number): string =>
      n === 0 ? `${origin.origin}/end` : `${origin.origin}/to?target=${encodeURIComponent(hop(n - 1))}`;
    expect((await guardedRequest(hop(3), { allowPrivate: true })).redirects).toBe(3);
    expect((await failure(guardedRequest(hop(4), { allowPrivate: true }))).reason).toBe("tooManyRedirects");
  });

  it("POST does not follow redirects by default: the 3xx is the answer", async () => {
    const before = originHits;
    const err = await failure(
      guardedRequest(`${origin.origin}/a`, { method: "POST", body: "{}", allowPrivate: true }),
    );
    expect(err).toMatchObject({ reason: "httpStatus", status: 301 });
    expect(originHits - before).toBe(1);
  });

  it("a 303 after POST continues as GET without the body", async () => {
    const res = await guardedRequest(`${origin.origin}/see-other`, {
      method: "POST",
      body: "payload",
      maxRedirects: 1,
      allowPrivate: true,
    });
    expect(res.body.toString()).toBe("GET 0");
  });

  it("drops credentials when a redirect changes origin", async () => {
    const url = `${origin.origin}/to?target=${encodeURIComponent(`${other.origin}/x`)}`;
    const res = await guardedRequest(url, {
      allowPrivate: true,
      headers: { Authorization: "Bearer secret" },
    });
    expect(res.body.toString()).toBe("other");
    expect(otherAuth).toBeUndefined();
  });
});

describe("limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((req, res) => {
      const path = req.url ?? "/";
      if (path === "/declared") {
        res.writeHead(200, { "content-length": "2000" }).end(Buffer.alloc(2000));
      } else if (path === "/chunked") {
        let sent = 0;
        const tick = () => {
          if (res.destroyed) return;
          if (sent++ >= 10) return res.end();
          res.write(Buffer.alloc(512));
          setTimeout(tick, 5);
        };
        tick();
      } else if (path === "/exact") {
        res.end(Buffer.alloc(1000, 7));
      } else if (path === "/stall-body") {
        res.writeHead(200, { "content-length": "10" });
        res.write("12345");
      } else if (path === "/missing") {
        res.writeHead(404).end("nope");
      } else if (path === "/cut") {
        res.writeHead(200, { "content-length": "100" });
        res.write("partial", () => res.destroy());
      }
      // "/hang": never answers
    });
  });
  afterAll(() => server.close());

  const opts = { allowPrivate: true, maxBytes: 1000 };

  it("refuses a declared Content-Length over maxBytes", async () => {
    const err = await failure(guardedRequest(`${server.origin}/declared`, opts));
    expect(err.reason).toBe("tooLarge");
  });

  it("aborts a chunked body once it passes maxBytes", async () => {
    const err = await failure(guardedRequest(`${server.origin}/chunked`, opts));
    expect(err.reason).toBe("tooLarge");
  });

  it("accepts a body of exactly maxBytes", async () => {
    const res = await guardedRequest(`${server.origin}/exact`, opts);
    expect(res.body.equals(Buffer.alloc(1000, 7))).toBe(true);
  });

  it("times out on a server that never answers", async () => {
    const err = await failure(guardedRequest(`${server.origin}/hang`, { ...opts, timeoutMs: 200 }));
    expect(err.reason).toBe("timeout");
  });

  it("the time limit also covers a body that stalls", async () => {
    const err = await failure(guardedRequest(`${server.origin}/stall-body`, { ...opts, timeoutMs: 200 }));
    expect(err.reason).toBe("timeout");
  });

  it("the time limit also covers DNS", async () => {
    const never = () => new Promise<never>(() => {});
    const err = await failure(guardedRequest("http://slow.test/", { resolver: never, timeoutMs: 100 }));
    expect(err.reason).toBe("timeout");
  });

  it("a non-2xx answer is an httpStatus error", async () => {
    const err = await failure(guardedRequest(`${server.origin}/missing`, opts));
    expect(err).toMatchObject({ reason: "httpStatus", status: 404 });
  });

  it("a body cut short is a network error", async () => {
    const err = await failure(guardedRequest(`${server.origin}/cut`, opts));
    expect(err.reason).toBe("network");
  });

  it("a refused connection is a network error", async () => {
    const gone = await startServer(() => {});
    await gone.close();
    const err = await failure(guardedRequest(gone.origin, opts));
    expect(err.reason).toBe("network");
  });

  it("an unknown name is a network error", async () => {
    const err = await failure(guardedRequest("http://nowhere.test/", { resolver: fakeResolver({}) }));
    expect(err.reason).toBe("network");
  });

  it("a caller's abort signal cancels the request", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = await failure(
      guardedRequest(`${server.origin}/hang`, { ...opts, signal: controller.signal }),
    );
    expect(err.reason).toBe("network");
  });

  it("error messages and URLs never carry query-string credentials", async () => {
    const err = await failure(guardedRequest(`http://127.0.0.1:${canary4.port}/hook?token=s3cret`));
    expect(err.url).not.toContain("s3cret");
    expect(err.message).not.toContain("s3cret");
  });
});
