import "server-only";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { reshapeEnvelope, reshapeWebhook } from "./reshape";

/**
 * A generation the service failed reads as the task's error whichever shape carries it: a
 * `getResponse`-style item with `status: "error"` (alone, or inside `{ data }`), or `{ errors }`.
 */

const refusal = { code: "contentPolicyViolation", message: "Rejected by the content policy." };

describe("a failed generation in the service's bodies", () => {
  it("is the task's error in a webhook, whichever of its shapes the service POSTs", () => {
    const taskUUID = randomUUID();
    const failed = { taskType: "videoInference", taskUUID, status: "error", error: refusal };
    const expected = { taskUUID, items: [], errors: [{ ...refusal, taskType: "videoInference", taskUUID }] };
    expect(reshapeWebhook(failed, "k-secret")).toEqual(expected);
    expect(reshapeWebhook({ data: [failed] }, "k-secret")).toEqual(expected);
    expect(
      reshapeWebhook({ errors: [{ ...refusal, taskType: "videoInference", taskUUID }] }, "k-secret"),
    ).toEqual(expected);
  });

  it("is the task's error in an answer, beside the other tasks' results", () => {
    const [failing, other] = [randomUUID(), randomUUID()];
    const outcome = reshapeEnvelope(
      {
        data: [
          { taskType: "videoInference", taskUUID: failing, status: "error", error: refusal },
          { taskType: "videoInference", taskUUID: other },
        ],
        errors: [],
        dropped: 0,
      },
      "k-secret",
    );
    expect(outcome.errors).toEqual([{ ...refusal, taskType: "videoInference", taskUUID: failing }]);
    expect(outcome.data).toEqual([
      { kind: "accepted", taskType: "videoInference", taskUUID: other, via: "ack" },
    ]);
  });
});
