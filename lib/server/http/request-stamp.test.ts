import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, HTTPS_HEADER, PAGE_PATH_HEADER, stampRequest } from "./request-stamp";

function request(
  url: string,
  headers: Record<string, string>,
  remoteAddress = "192.0.2.10",
  encrypted = false,
) {
  return { url, headers: { ...headers }, socket: { remoteAddress, encrypted } } as unknown as IncomingMessage;
}

describe("stampRequest", () => {
  it("replaces headers a client sent with what the socket says", () => {
    const req = request("/gallery?x=1", {
      [CLIENT_IP_HEADER]: "1.2.3.4",
      [HTTPS_HEADER]: "1",
      [PAGE_PATH_HEADER]: "//evil.com",
      "x-forwarded-for": "203.0.113.5",
      "x-forwarded-proto": "https",
    });
    stampRequest(req, 0);
    expect(req.headers[CLIENT_IP_HEADER]).toBe("192.0.2.10");
    expect(req.headers[HTTPS_HEADER]).toBe("0");
    expect(req.headers[PAGE_PATH_HEADER]).toBe("/gallery?x=1");
  });

  it("takes the client and its scheme from a trusted proxy", () => {
    const req = request("/", { "x-forwarded-for": "203.0.113.5", "x-forwarded-proto": "https" });
    stampRequest(req, 1);
    expect(req.headers[CLIENT_IP_HEADER]).toBe("203.0.113.5");
    expect(req.headers[HTTPS_HEADER]).toBe("1");
  });

  it("drops Next's client-navigation marker from the page address", () => {
    const req = request("/gallery?x=1&_rsc=abc", {});
    stampRequest(req, 0);
    expect(req.headers[PAGE_PATH_HEADER]).toBe("/gallery?x=1");
  });
});
