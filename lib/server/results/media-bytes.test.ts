import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceMedia } from "./media-bytes";

/** Two hosts on loopback (a private address): the service's own, and a media host beside it. */
let service: Server;
let mediaHost: Server;
let serviceOrigin = "";
let mediaOrigin = "";
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function listen(): Promise<[Server, string]> {
  const server = createServer((_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(png));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return [server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`];
}

beforeAll(async () => {
  [service, serviceOrigin] = await listen();
  [mediaHost, mediaOrigin] = await listen();
});

afterAll(async () => {
  for (const server of [service, mediaHost]) await new Promise<void>((r) => server.close(() => r()));
});

const fetchFrom = (origin: string, trusted: string | string[]) =>
  serviceMedia({ url: `${origin}/media/result.png` }, trusted, { fallbackMime: "image/jpeg" });

describe("serviceMedia and private media hosts", () => {
  it("fetches from the service's own private origin", async () => {
    expect((await fetchFrom(serviceOrigin, serviceOrigin))?.bytes).toEqual(png);
  });

  it("refuses another private host unless the operator listed its origin", async () => {
    const forbidden = { reason: "forbiddenAddress" };
    await expect(fetchFrom(mediaOrigin, serviceOrigin)).rejects.toMatchObject(forbidden);
    await expect(fetchFrom(mediaOrigin, [serviceOrigin])).rejects.toMatchObject(forbidden);
    const listed = await fetchFrom(mediaOrigin, [serviceOrigin, mediaOrigin]);
    expect(listed).toEqual({ bytes: png, mime: "image/png" });
    // Listing one origin opens that origin only: the same host on another port stays refused.
    const [other, otherOrigin] = await listen();
    try {
      await expect(fetchFrom(otherOrigin, [serviceOrigin, mediaOrigin])).rejects.toMatchObject(forbidden);
    } finally {
      await new Promise<void>((r) => other.close(() => r()));
    }
  });
});
