import { once } from "node:events";
import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { nodeHandler, type WebHandler } from "./node-bridge";

const LIMIT = 1024;
let server: Server | null = null;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

async function serve(
  handler: WebHandler,
  onError?: (err: unknown, req: IncomingMessage) => void,
): Promise<string> {
  const listener = nodeHandler(handler, {
    bodyLimitBytes: LIMIT,
    hostname: "127.0.0.1",
    port: 3000,
    ...(onError ? { onError } : {}),
  });
  server = createServer((req, res) => {
    // What server.ts does before any route: the bridge must pass the replaced value on.
    req.headers["x-studio-client-ip"] = "socket-address";
    listener(req, res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Answer {
  status: number;
  headers: IncomingMessage["headers"];
  text: string;
}

/** A request whose body is written in the given chunks, each after `between` resolves. */
async function send(
  url: string,
  options: { method?: string; headers?: Record<string, string | number> },
  chunks: string[],
  between: (i: number) => Promise<void> = async () => {},
): Promise<Answer> {
  const req = httpRequest(url, { method: options.method ?? "POST", headers: options.headers });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on("error", reject);
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        text += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
  });
  for (const [i, chunk] of chunks.entries()) {
    if (i > 0) await between(i);
    if (req.destroyed) break;
    req.write(chunk);
  }
  req.end();
  return answer;
}

describe("nodeHandler", () => {
  it("streams the body to the handler as it arrives", async () => {
    const seen: string[] = [];
    let sawFirst: () => void = () => {};
    const firstArrived = new Promise<void>((resolve) => {
      sawFirst = resolve;
    });
    const url = await serve(async (request) => {
      const reader = (request.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        seen.push(decoder.decode(r.value));
        sawFirst();
      }
      return new Response(seen.join(""));
    });
    // The second chunk is written only once the handler has read the first: a bridge that
    // waited for the whole body before calling the handler would never answer.
    const answer = await send(
      url,
      { headers: { "transfer-encoding": "chunked" } },
      ["hello ", "world"],
      () => firstArrived,
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("hello world");
    expect(seen).toEqual(["hello ", "world"]);
  });

  it("refuses a declared body over the limit before the handler runs, in the contract's shape", async () => {
    let ran = false;
    const url = await serve(async () => {
      ran = true;
      return new Response("ran");
    });
    const answer = await send(url, { headers: { "content-length": LIMIT + 1 } }, ["x".repeat(LIMIT + 1)]);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(JSON.parse(answer.text)).toEqual({
      errors: [
        { code: "payloadTooLarge", message: `The body is larger than ${LIMIT} bytes.`, parameter: "body" },
      ],
    });
    expect(ran).toBe(false);
  });

  it("cuts off a chunked body as it passes the limit, whatever the handler answers", async () => {
    const errors: unknown[] = [];
    const url = await serve(
      async (request) => {
        try {
          await request.text();
          return new Response("read it all");
        } catch {
          return Response.json(
            { errors: [{ code: "invalidRequestBody", message: "unreadable" }] },
            { status: 400 },
          );
        }
      },
      (err) => errors.push(err),
    );
    const chunk = "y".repeat(400);
    const answer = await send(url, { headers: { "transfer-encoding": "chunked" } }, [
      chunk,
      chunk,
      chunk,
      chunk,
    ]);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      errors: [
        { code: "payloadTooLarge", message: `The body is larger than ${LIMIT} bytes.`, parameter: "body" },
      ],
    });
    expect(errors).toEqual([]);
  });

  it("answers a refusal that reads no body, and the connection serves the next request", async () => {
    let calls = 0;
    const url = await serve(async (request) => {
      calls++;
      if (calls === 1)
        return Response.json({ errors: [{ code: "missingSession", message: "Sign in." }] }, { status: 401 });
      return new Response(await request.text());
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const post = (body: string) =>
      new Promise<Answer>((resolve, reject) => {
        const req = httpRequest(url, { method: "POST", agent }, (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (c: string) => {
            text += c;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        });
        req.on("socket", (socket) => sockets.add(socket));
        req.on("error", reject);
        req.end(body);
      });
    const refused = await post("z".repeat(LIMIT - 1));
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text)).toEqual({ errors: [{ code: "missingSession", message: "Sign in." }] });
    const next = await post("second");
    expect(next.text).toBe("second");
    expect(sockets.size).toBe(1);
    agent.destroy();
  });

  it("passes method, URL and headers in, and status, headers and body out", async () => {
    let got: { method: string; url: string; headers: Record<string, string> } | null = null;
    const url = await serve(async (request) => {
      got = { method: request.method, url: request.url, headers: Object.fromEntries(request.headers) };
      const headers = new Headers({ "content-type": "application/json", "x-answer": "yes" });
      headers.append("set-cookie", "a=1; Path=/");
      headers.append("set-cookie", "b=2; Path=/");
      return new Response(JSON.stringify({ body: await request.text() }), { status: 202, headers });
    });
    const answer = await send(
      url,
      {
        method: "PUT",
        headers: {
          "content-type": "application/json",
          origin: "http://studio.test",
          host: "studio.test",
          "x-studio-client-ip": "forged",
        },
      },
      ['{"a":1}'],
    );
    expect(answer.status).toBe(202);
    expect(answer.headers["x-answer"]).toBe("yes");
    expect(answer.headers["content-type"]).toBe("application/json");
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(answer.text)));
    expect(JSON.parse(answer.text)).toEqual({ body: '{"a":1}' });
    expect(got).toMatchObject({
      method: "PUT",
      url: "http://127.0.0.1:3000/",
      headers: { origin: "http://studio.test", host: "studio.test", "x-studio-client-ip": "socket-address" },
    });
  });

  it("builds the URL with https behind a proxy that terminated TLS, and keeps the query", async () => {
    let seen = "";
    const url = await serve(async (request) => {
      seen = request.url;
      return new Response(null, { status: 204 });
    });
    const answer = await send(
      `${url}/api/tasks?x=1`,
      { method: "GET", headers: { "x-forwarded-proto": "https" } },
      [],
    );
    expect(answer.status).toBe(204);
    expect(seen).toBe("https://127.0.0.1:3000/api/tasks?x=1");
  });

  it("streams a long answer chunk by chunk", async () => {
    const parts = ["one ", "two ", "three"];
    const url = await serve(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const p of parts) controller.enqueue(new TextEncoder().encode(p));
          controller.close();
        },
      });
      return new Response(body, { status: 200 });
    });
    const answer = await send(url, { method: "GET" }, []);
    expect(answer.text).toBe("one two three");
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
  });

  it("answers a thrown handler with a 500 in the contract's shape, logs it, and keeps serving", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const url = await serve(
      async () => {
        calls++;
        if (calls === 1) throw new Error("boom");
        return new Response("fine");
      },
      (err) => errors.push(err),
    );
    const failed = await send(url, {}, ["{}"]);
    expect(failed.status).toBe(500);
    expect(failed.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(failed.text) as { errors: { code: string; message: string }[] };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]?.code).toBe("internalServerError");
    expect(body.errors[0]?.message).not.toContain("boom");
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe("boom");
    const next = await send(url, {}, ["{}"]);
    expect(next.status).toBe(200);
    expect(next.text).toBe("fine");
  });

  it("cuts the connection when an answer's body fails once it has started", async () => {
    const errors: unknown[] = [];
    const url = await serve(
      async () => {
        let pulls = 0;
        return new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              // Two chunks make it a streamed answer (headers sent); the third read fails.
              if (++pulls <= 2) controller.enqueue(new TextEncoder().encode("partial "));
              else controller.error(new Error("source failed"));
            },
          }),
        );
      },
      (err) => errors.push(err),
    );
    await expect(send(url, { method: "GET" }, [])).rejects.toThrow();
    expect((errors[0] as Error).message).toBe("source failed");
  });
});
