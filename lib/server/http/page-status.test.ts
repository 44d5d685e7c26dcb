import { once } from "node:events";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { approvalPageToken, replaceSuccessStatus, sharePageToken } from "./page-status";

async function statusOf(answer: (res: ServerResponse) => void): Promise<{ status: number; body: string }> {
  const server = createServer((_req, res) => {
    replaceSuccessStatus(res, 410);
    answer(res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/s/x`);
    return { status: res.status, body: await res.text() };
  } finally {
    server.close();
  }
}

describe("replaceSuccessStatus", () => {
  it("answers the page with the given status, whichever way its head is written", async () => {
    expect(
      await statusOf((res) => {
        res.setHeader("content-type", "text/html");
        res.end("<h1>This link was revoked</h1>");
      }),
    ).toEqual({ status: 410, body: "<h1>This link was revoked</h1>" });
    expect(
      await statusOf((res) => {
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<h1>streamed</h1>");
        res.end();
      }),
    ).toEqual({ status: 410, body: "<h1>streamed</h1>" });
  });

  it("keeps any other status", async () => {
    expect(
      (
        await statusOf((res) => {
          res.statusCode = 500;
          res.end();
        })
      ).status,
    ).toBe(500);
  });
});

describe("sharePageToken", () => {
  it("reads the token of a share page only", () => {
    expect(sharePageToken("/s/abcDEF_-123")).toBe("abcDEF_-123");
    expect(sharePageToken("/s/abc/")).toBe("abc");
    expect(sharePageToken("/s/abc/more")).toBeNull();
    expect(sharePageToken("/api/share/abc")).toBeNull();
    expect(sharePageToken("/s/")).toBeNull();
  });
});

describe("approvalPageToken", () => {
  it("reads the token of a guest reviewer's page only", () => {
    expect(approvalPageToken("/a/abcDEF_-123")).toBe("abcDEF_-123");
    expect(approvalPageToken("/a/abc/")).toBe("abc");
    expect(approvalPageToken("/a/abc/more")).toBeNull();
    expect(approvalPageToken("/api/approval-links/abc")).toBeNull();
    expect(approvalPageToken("/approvals/abc")).toBeNull();
    expect(approvalPageToken("/a/")).toBeNull();
  });
});
