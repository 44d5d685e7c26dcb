import { describe, expect, it } from "vitest";
import { isPong, parseEnvelopeText } from "./wire";

describe("the socket's heartbeat answer", () => {
  it("is a ping item that says pong, and nothing else is", () => {
    const envelope = parseEnvelopeText(
      JSON.stringify({
        data: [
          { taskType: "ping", pong: true },
          { taskType: "ping", pong: false },
          {
            taskType: "imageInference",
            taskUUID: crypto.randomUUID(),
            imageUUID: crypto.randomUUID(),
            pong: true,
          },
        ],
      }),
    );
    expect(envelope?.data.map(isPong)).toEqual([true, false, false]);
  });
});
