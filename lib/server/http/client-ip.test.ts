import { describe, expect, it } from "vitest";
import { cameOverHttps, clientIp } from "./client-ip";

describe("clientIp", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientIp("192.0.2.10", undefined, 0)).toBe("192.0.2.10");
    expect(clientIp("192.0.2.10", "203.0.113.5", 0)).toBe("192.0.2.10");
  });

  it("behind one proxy, is the address that proxy saw (the last entry)", () => {
    expect(clientIp("10.0.0.2", "203.0.113.5", 1)).toBe("203.0.113.5");
    // A client that sends its own header cannot choose its address: the proxy appends the real one.
    expect(clientIp("10.0.0.2", "198.51.100.1, 203.0.113.5", 1)).toBe("203.0.113.5");
  });

  it("behind two proxies, is the second from the right", () => {
    expect(clientIp("10.0.0.2", "198.51.100.1, 203.0.113.5, 10.0.0.9", 2)).toBe("203.0.113.5");
  });

  it("falls back to the leftmost entry or the peer when the chain is short or absent", () => {
    expect(clientIp("10.0.0.2", "203.0.113.5", 3)).toBe("203.0.113.5");
    expect(clientIp("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientIp("10.0.0.2", " , ", 1)).toBe("10.0.0.2");
    expect(clientIp(undefined, undefined, 0)).toBe("unknown");
  });
});

describe("cameOverHttps", () => {
  it("believes X-Forwarded-Proto only from a trusted proxy", () => {
    expect(cameOverHttps(false, "https", 0)).toBe(false);
    expect(cameOverHttps(false, "https", 1)).toBe(true);
    expect(cameOverHttps(false, "http", 1)).toBe(false);
    expect(cameOverHttps(false, "https, http", 1)).toBe(false);
    expect(cameOverHttps(true, undefined, 0)).toBe(true);
    expect(cameOverHttps(false, undefined, 1)).toBe(false);
  });
});
