import { describe, expect, it } from "vitest";
import { parseRequest, parseTask, TASK_TYPES } from "./envelope";
import { uuid } from "./test-fixtures";

const image = () => ({
  taskType: "imageInference",
  taskUUID: uuid(),
  positivePrompt: "a red fox in the snow",
  model: "runware:100@1",
  width: 512,
  height: 512,
});

describe("request envelope", () => {
  it.each([
    ["an object", { taskType: "ping", ping: true }],
    ["a string", "hello"],
    ["null", null],
    ["a number", 3],
  ])("refuses %s as an HTTP body", (_name, body) => {
    const out = parseRequest(body);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.errors[0]).toMatchObject({ code: "invalidRequestBody", parameter: "body" });
  });

  it("refuses an empty array", () => {
    const out = parseRequest([]);
    expect(out.ok ? null : out.errors[0]?.code).toBe("invalidRequestBody");
  });

  it("accepts a single object where the transport allows it (WebSocket)", () => {
    const out = parseRequest({ taskType: "ping", ping: true }, { allowSingleObject: true });
    expect(out.ok && out.outcomes[0]?.ok).toBe(true);
  });

  it("refuses a task holding a NUL or a lone surrogate in any text, naming the field", () => {
    const out = parseRequest([
      { ...image(), positivePrompt: "a \u0000 fox" },
      { ...image(), scheduler: "Euler\ud800" },
      { ...image(), providerSettings: { "bfl\u0000": {} } },
      image(),
    ]);
    if (!out.ok) throw new Error("expected outcomes");
    const [prompt, scheduler, key, good] = out.outcomes;
    expect(prompt?.ok ? null : prompt?.errors).toEqual([
      expect.objectContaining({
        code: "invalidPositivePrompt",
        parameter: "positivePrompt",
        taskType: "imageInference",
      }),
    ]);
    expect(scheduler?.ok ? null : scheduler?.errors[0]).toMatchObject({
      code: "invalidScheduler",
      parameter: "scheduler",
    });
    expect(key?.ok ? null : key?.errors[0]?.parameter).toBe("providerSettings.bfl\u0000");
    expect(good?.ok).toBe(true);
  });

  it("scopes errors per task: a bad task does not fail its neighbours", () => {
    const bad = { ...image(), width: 100 };
    const out = parseRequest([image(), bad, image()]);
    if (!out.ok) throw new Error("expected outcomes");
    expect(out.outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    const failed = out.outcomes[1];
    if (failed?.ok !== false) throw new Error("expected a failure");
    expect(failed.errors[0]).toMatchObject({
      code: "invalidWidth",
      parameter: "width",
      taskType: "imageInference",
      taskUUID: bad.taskUUID,
    });
  });

  it("names a missing taskType", () => {
    const out = parseTask({ taskUUID: uuid() });
    expect(out.ok ? null : out.errors[0]).toMatchObject({ code: "missingTaskType", parameter: "taskType" });
  });

  it("names an unknown taskType and lists the supported ones", () => {
    const out = parseTask({ taskType: "imageMagic", taskUUID: uuid() });
    if (out.ok) throw new Error("expected a failure");
    expect(out.errors[0]).toMatchObject({ code: "unsupportedTaskType", parameter: "taskType" });
    for (const t of TASK_TYPES) expect(out.errors[0]?.message).toContain(t);
  });

  it("refuses a task that is not an object", () => {
    const out = parseRequest([image(), 42]);
    if (!out.ok) throw new Error("expected outcomes");
    expect(out.outcomes[1]?.ok).toBe(false);
  });

  it("refuses a taskUUID used twice in one request (the later task)", () => {
    const a = image();
    const out = parseRequest([a, { ...image(), taskUUID: a.taskUUID.toUpperCase() }]);
    if (!out.ok) throw new Error("expected outcomes");
    expect(out.outcomes[0]?.ok).toBe(true);
    const second = out.outcomes[1];
    expect(second?.ok ? null : second?.errors[0]).toMatchObject({
      code: "conflictTaskUUID",
      parameter: "taskUUID",
    });
  });

  it("lets getResponse refer to a task of the same request", () => {
    const a = { ...image(), deliveryMethod: "async" };
    const out = parseRequest([a, { taskType: "getResponse", taskUUID: a.taskUUID }]);
    expect(out.ok && out.outcomes.every((o) => o.ok)).toBe(true);
  });

  it("refuses a taskUUID that is not a UUID v4", () => {
    const out = parseTask({ ...image(), taskUUID: "task-1" });
    expect(out.ok ? null : out.errors[0]).toMatchObject({ code: "invalidTaskUUID", parameter: "taskUUID" });
  });

  it("parses authentication with an optional session to resume", () => {
    expect(parseTask({ taskType: "authentication", apiKey: "k" }).ok).toBe(true);
    expect(parseTask({ taskType: "authentication", apiKey: "k", connectionSessionUUID: uuid() }).ok).toBe(
      true,
    );
    const missing = parseTask({ taskType: "authentication" });
    expect(missing.ok ? null : missing.errors[0]).toMatchObject({
      code: "missingApiKey",
      parameter: "apiKey",
    });
    const badSession = parseTask({ taskType: "authentication", apiKey: "k", connectionSessionUUID: "x" });
    expect(badSession.ok ? null : badSession.errors[0]?.parameter).toBe("connectionSessionUUID");
  });

  it("parses ping and getResponse strictly", () => {
    expect(parseTask({ taskType: "ping", ping: true }).ok).toBe(true);
    const pingFalse = parseTask({ taskType: "ping", ping: false });
    expect(pingFalse.ok ? null : pingFalse.errors[0]?.code).toBe("invalidPing");
    const extra = parseTask({ taskType: "getResponse", taskUUID: uuid(), numberResults: 2 });
    expect(extra.ok ? null : extra.errors[0]).toMatchObject({
      code: "unknownParameter",
      parameter: "numberResults",
    });
  });
});
