import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/webhooks/[token]/route";
import { webhookToken } from "@/lib/server/results/webhook-token";
import type { StudioRuntime } from "@/lib/server/runtime";

// The service's webhook is a caller route() resolves (lib/server/api/link-callers.ts): the body is
// read within its limit, then its token checked against the task the body names, before the
// keeper hears of it.

const KEY = Symbol.for("media-studio.runtime");
const holder = globalThis as { [KEY]?: Promise<StudioRuntime> };
const SECRET = "webhook-test-secret";
const received: string[] = [];
let previous: Promise<StudioRuntime> | undefined;

beforeAll(() => {
  previous = holder[KEY];
  holder[KEY] = Promise.resolve({
    secret: SECRET,
    upstream: {
      readWebhook: (body: unknown) => {
        const taskUUID = (body as { data?: { taskUUID?: unknown }[] } | null)?.data?.[0]?.taskUUID;
        return typeof taskUUID === "string" ? { taskUUID, body } : null;
      },
    },
    keeper: { receive: async (d: { taskUUID: string }) => void received.push(d.taskUUID) },
  } as unknown as StudioRuntime);
});
afterAll(() => {
  if (previous) holder[KEY] = previous;
  else delete holder[KEY];
});

async function deliver(token: string, body: string) {
  const response = await POST(
    new Request(`http://studio.test/api/webhooks/${token}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    }),
    { params: Promise.resolve({ token }) },
  );
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

describe("the service's webhook", () => {
  const taskUUID = randomUUID();
  const good = webhookToken(SECRET, taskUUID);
  const delivery = (text = "a fox") => JSON.stringify({ data: [{ taskUUID, text }] });

  it("takes a delivery whose token signs its task", async () => {
    expect(await deliver(good, delivery())).toEqual({ status: 204, body: null });
    expect(received).toEqual([taskUUID]);
  });

  it("refuses another task's token, a body it cannot read and unkeepable text, and keeps nothing", async () => {
    received.length = 0;
    const other = webhookToken(SECRET, randomUUID());
    const refused = await deliver(other, delivery());
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ parameter: "token" });
    const unread = await deliver(good, "{not json");
    expect(unread.status).toBe(400);
    expect(unread.body.errors[0]).toMatchObject({ parameter: "body" });
    const unkeepable = await deliver(good, delivery("a\u0000b"));
    expect(unkeepable.status).toBe(400);
    expect(received).toEqual([]);
  });
});
