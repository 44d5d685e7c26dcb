import { randomUUID } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Renderer } from "../render/renderer";
import { type Harness, imageTask, startHarness } from "../test-harness";

let h: Harness;
const LIMIT = 64 * 1024;
/** A renderer that fails in an unexpected way when the prompt asks for it. */
const renderer: Renderer = {
  async renderImage(p) {
    if (p.prompt.includes("explode")) throw new Error("secret internal detail /etc/passwd");
    return (await import("../render/image")).renderImage(p);
  },
  renderVideo: () => Promise.reject(new Error("unused")),
};

beforeAll(async () => {
  h = await startHarness({ bodyLimitBytes: LIMIT, renderer });
});
afterAll(async () => {
  await h.close();
  h.cleanup();
});

/** Sends raw bytes and resolves with everything the server answered until it closed or paused. */
function raw(request: string, waitMs = 1500): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(h.origin).port), "127.0.0.1");
    let data = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(data);
    }, waitMs);
    socket.on("data", (chunk) => {
      data += chunk.toString();
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(data);
    });
    socket.on("error", reject);
    socket.write(request);
  });
}

describe("authentication", () => {
  it("accepts a Bearer header", async () => {
    const res = await h.post([imageTask()]);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
  });

  it("accepts an authentication task first in the array, and answers it", async () => {
    const task = imageTask();
    const res = await h.post([{ taskType: "authentication", apiKey: h.key }, task], { key: null });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { taskType: string }) => d.taskType).sort()).toEqual([
      "authentication",
      "imageInference",
    ]);
    expect(
      res.body.data.find((d: { taskType: string }) => d.taskType === "authentication").connectionSessionUUID,
    ).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("401 missingApiKey without credentials", async () => {
    const res = await h.post([imageTask()], { key: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: [expect.objectContaining({ code: "missingApiKey" })] });
  });

  it("401 invalidApiKey for a bad header or a bad authentication task", async () => {
    for (const res of [
      await h.post([imageTask()], { key: "mse_wrong" }),
      await h.post([imageTask()], { key: null, headers: { authorization: "Basic abc" } }),
      await h.post([{ taskType: "authentication", apiKey: "mse_wrong" }, imageTask()], { key: null }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.errors[0]).toMatchObject({
        code: "invalidApiKey",
        parameter: "apiKey",
        taskType: "authentication",
      });
      expect(res.body).not.toHaveProperty("data");
    }
  });

  it("rejects a revoked key at once", async () => {
    const { key, listing } = h.engine.keys.create({ description: "short-lived" });
    expect((await h.post([imageTask()], { key })).status).toBe(200);
    h.engine.keys.revoke(listing.id);
    expect((await h.post([imageTask()], { key })).status).toBe(401);
  });
});

describe("request errors", () => {
  it("413 for a declared Content-Length over the limit, before the body is sent", async () => {
    const answer = await raw(
      `POST /v1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${h.key}\r\nContent-Type: application/json\r\nContent-Length: 10000000000\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"payloadTooLarge"');
    expect(answer.toLowerCase()).toContain("connection: close");
  });

  it("413 for a chunked body that passes the limit", async () => {
    const chunk = "a".repeat(16 * 1024);
    const chunks = Array.from({ length: 8 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join("");
    const answer = await raw(
      `POST /v1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${h.key}\r\nTransfer-Encoding: chunked\r\n\r\n${chunks}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it("400 invalidJson, 400 invalidRequestBody for non-arrays and empty arrays", async () => {
    const bad = await h.post("[{");
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe("invalidJson");
    for (const body of [{ taskType: "imageInference" }, [], "42", "null"]) {
      const res = await h.post(body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].code).toBe("invalidRequestBody");
    }
  });

  it("per-task errors: all failed gives the first error's status, mixed gives 200 with both", async () => {
    const unknown = await h.post([{ taskType: "teleport", taskUUID: randomUUID() }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].code).toBe("unsupportedTaskType");

    const good = imageTask();
    const dup = { ...imageTask(), taskUUID: good.taskUUID };
    const invalid = imageTask({ width: 100 });
    const mixed = await h.post([good, dup, invalid]);
    expect(mixed.status).toBe(200);
    expect(mixed.body.data).toHaveLength(1);
    expect(mixed.body.data[0].taskUUID).toBe(good.taskUUID);
    const codes = mixed.body.errors.map((e: { code: string }) => e.code);
    expect(codes).toContain("conflictTaskUUID");
    expect(codes).toContain("invalidWidth");
    expect(mixed.body.errors.find((e: { code: string }) => e.code === "invalidWidth")).toMatchObject({
      parameter: "width",
      taskUUID: invalid.taskUUID,
    });
  });

  it("conflictTaskUUID for a taskUUID used by an earlier request", async () => {
    const task = imageTask();
    expect((await h.post([task])).status).toBe(200);
    const again = await h.post([task]);
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatchObject({ code: "conflictTaskUUID", taskUUID: task.taskUUID });
  });

  it("500 internalServerError without details for an unexpected failure", async () => {
    const res = await h.post([imageTask({ positivePrompt: "please explode" })]);
    expect(res.status).toBe(500);
    expect(res.body.errors[0].code).toBe("internalServerError");
    expect(JSON.stringify(res.body)).not.toContain("passwd");
    expect(JSON.stringify(res.body)).not.toContain("at ");
  });

  it("405 with an error body for other methods, 404 for other paths", async () => {
    const get = await fetch(h.url);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await get.json()).errors[0].code).toBe("methodNotAllowed");
    const del = await fetch(`${h.url}/media/${randomUUID()}.png`, { method: "DELETE" });
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("GET, HEAD");
    const other = await fetch(`${h.url}/elsewhere`);
    expect(other.status).toBe(404);
  });
});
