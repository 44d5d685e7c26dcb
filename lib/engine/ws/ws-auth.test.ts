import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { WS_CLOSE } from "./options";
import {
  type Harness,
  imageTask,
  KEY_A,
  KEY_B,
  type Message,
  sleep,
  startHarness,
  UUID_V4,
} from "./test-support";

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

const isAuthReply = (m: Message) =>
  m.data?.[0]?.taskType === "authentication" || m.errors?.[0]?.taskType === "authentication";

describe("WebSocket authentication", () => {
  it("refuses tasks before authentication, keeps the socket open, then accepts them", async () => {
    harness = await startHarness();
    const client = await harness.connect();
    const task = imageTask();
    client.send([task]);
    const refused = await client.waitFor((m) => m.errors !== undefined);
    expect(refused.errors?.[0]).toMatchObject({
      code: "missingApiKey",
      parameter: "apiKey",
      taskUUID: task.taskUUID,
    });
    client.send([{ taskType: "ping", ping: true }]);
    const pingRefused = await client.waitFor((m) => m.errors?.[0]?.code === "missingApiKey", { from: 1 });
    expect(pingRefused.errors?.[0]?.code).toBe("missingApiKey");
    expect(harness.core.submissions).toHaveLength(0);
    expect(client.isOpen).toBe(true);

    await client.authenticate(KEY_A);
    client.send([task]);
    const result = await client.waitFor((m) => m.data?.[0]?.taskUUID === task.taskUUID);
    expect(result.data?.[0]).toMatchObject({ taskType: "imageInference", index: 1 });
  });

  it("answers a bad key with invalidApiKey and lets the client try again", async () => {
    harness = await startHarness();
    const client = await harness.connect();
    client.send([{ taskType: "authentication", apiKey: "not-a-key" }]);
    const reply = await client.waitFor(isAuthReply);
    expect(reply.data).toBeUndefined();
    expect(reply.errors).toEqual([
      expect.objectContaining({ code: "invalidApiKey", parameter: "apiKey", taskType: "authentication" }),
    ]);
    // No taskUUID was sent, so none comes back: SDK clients match this error by its taskType.
    expect(reply.errors?.[0]?.taskUUID).toBeUndefined();
    expect(client.isOpen).toBe(true);
    expect(await client.authenticate(KEY_A)).toMatch(UUID_V4);
  });

  it("closes with 1008 after too many failed authentications", async () => {
    harness = await startHarness({ maxAuthFailures: 3 });
    const client = await harness.connect();
    for (let i = 0; i < 3; i++) client.send({ taskType: "authentication", apiKey: `wrong-${i}` });
    const closed = await client.closed;
    expect(closed.code).toBe(WS_CLOSE.policyViolation);
    expect(client.messages.filter((m) => m.errors?.[0]?.code === "invalidApiKey")).toHaveLength(3);
  });

  it("answers a good key with a new session UUID, echoing the client's taskUUID", async () => {
    harness = await startHarness();
    const client = await harness.connect();
    const taskUUID = randomUUID();
    client.send({ taskType: "authentication", apiKey: KEY_A, taskUUID });
    const reply = await client.waitFor(isAuthReply);
    expect(reply).toEqual({
      data: [{ taskType: "authentication", connectionSessionUUID: expect.stringMatching(UUID_V4), taskUUID }],
    });
    const other = await harness.connect();
    const second = await other.authenticate(KEY_A);
    expect(second).not.toBe(reply.data?.[0]?.connectionSessionUUID);
  });

  it("reports a malformed authentication task as a validation error", async () => {
    harness = await startHarness();
    const client = await harness.connect();
    client.send([{ taskType: "authentication" }]);
    const reply = await client.waitFor((m) => m.errors !== undefined);
    expect(reply.errors?.[0]).toMatchObject({ parameter: "apiKey", taskType: "authentication" });
    expect(client.isOpen).toBe(true);
  });

  it("handles a task sent right behind its authentication, in the same message or the next", async () => {
    harness = await startHarness();
    const client = await harness.connect();
    const first = imageTask();
    const second = imageTask();
    client.send([{ taskType: "authentication", apiKey: KEY_A }, first]);
    client.send(second);
    await client.waitFor((m) => m.data?.[0]?.taskUUID === first.taskUUID);
    await client.waitFor((m) => m.data?.[0]?.taskUUID === second.taskUUID);
    expect(client.messages[0]?.data?.[0]?.taskType).toBe("authentication");
  });

  it("answers a repeated authentication with the same session, and refuses another account", async () => {
    harness = await startHarness();
    const client = await harness.connect();
    const session = await client.authenticate(KEY_A);
    expect(await client.authenticate(KEY_A)).toBe(session);
    client.send({ taskType: "authentication", apiKey: KEY_B });
    const reply = await client.waitFor((m) => m.errors?.[0]?.code === "conflictAuthentication");
    expect(reply.errors?.[0]?.taskType).toBe("authentication");
  });
});

describe("WebSocket messages", () => {
  it("accepts an array of tasks and a single task object", async () => {
    harness = await startHarness();
    const client = await harness.connect();
    await client.authenticate(KEY_A);
    const [a, b, c] = [imageTask(), imageTask(), imageTask()];
    client.send([a, b]);
    client.send(c);
    for (const task of [a, b, c]) await client.waitFor((m) => m.data?.[0]?.taskUUID === task.taskUUID);
    expect(harness.core.submissions.map((s) => s.tasks.length)).toEqual([2, 1]);
  });

  it("answers malformed JSON with invalidJson and stays usable", async () => {
    harness = await startHarness();
    const client = await harness.connect();
    client.send("{not json");
    const reply = await client.waitFor((m) => m.errors !== undefined);
    expect(reply.errors?.[0]).toMatchObject({ code: "invalidJson", parameter: "body" });
    await client.authenticate(KEY_A);
    client.send("[1, 2");
    await client.waitFor((m) => m.errors?.[0]?.code === "invalidJson", { from: 2 });
    client.send({ taskType: "ping", ping: true });
    await client.waitFor((m) => m.data?.[0]?.pong === true);
    expect(client.isOpen).toBe(true);
  });

  it("answers each invalid task with its own errors while the valid ones run", async () => {
    harness = await startHarness();
    const client = await harness.connect();
    await client.authenticate(KEY_A);
    const good = imageTask();
    const bad = { ...imageTask(), width: 100 };
    client.send([good, bad]);
    const error = await client.waitFor((m) => m.errors !== undefined);
    expect(error.errors?.[0]).toMatchObject({ taskUUID: bad.taskUUID, taskType: "imageInference" });
    await client.waitFor((m) => m.data?.[0]?.taskUUID === good.taskUUID);
    expect(harness.core.submissions[0]?.tasks.map((t) => ("taskUUID" in t ? t.taskUUID : ""))).toEqual([
      good.taskUUID,
    ]);
  });

  it("answers an empty array and a non-object body as a whole", async () => {
    harness = await startHarness();
    const client = await harness.connect();
    await client.authenticate(KEY_A);
    client.send([]);
    client.send("42");
    await client.waitUntil(() => client.messages.filter((m) => m.errors !== undefined).length === 2);
    expect(client.messages.slice(1).map((m) => m.errors?.[0]?.code)).toEqual([
      "invalidRequestBody",
      "invalidRequestBody",
    ]);
  });

  it("turns a core failure into internalServerError for each task", async () => {
    harness = await startHarness();
    harness.core.submit = async () => {
      throw new Error("boom");
    };
    const client = await harness.connect();
    await client.authenticate(KEY_A);
    const task = imageTask();
    client.send([task]);
    const reply = await client.waitFor((m) => m.errors !== undefined);
    expect(reply.errors?.[0]).toMatchObject({ code: "internalServerError", taskUUID: task.taskUUID });
    await sleep(10);
    expect(client.isOpen).toBe(true);
  });
});
