import { expect, test } from "@playwright/test";
import { imageTask, sendTasks } from "./fixtures/accounts";
import { stopProcess } from "./fixtures/processes";
import { RemoteStudio } from "./fixtures/remote-studio";
import { finishedTask } from "./fixtures/studio-api";

/**
 * The studio pointed at a service that goes away: a task it cannot hand over is answered at once
 * with a retryable 503 and recorded as not sent, and stays so when the service comes back (no
 * result lands for it later, so nobody retries and pays twice).
 */
test.describe.configure({ mode: "serial" });

const remote = new RemoteStudio("hand-over");

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await remote.start({
    name: "Hand-over Owner",
    email: "owner@hand-over.test",
    password: "hand-over password",
  });
});

test.afterAll(async () => {
  await remote.stop();
});

test("a task the studio cannot hand over is answered 503, recorded as not sent, and never sent later", async () => {
  test.setTimeout(180_000);
  // The service works: a first task goes out and comes back.
  const first = imageTask("a lighthouse before the storm");
  expect((await sendTasks(remote.api, remote.origin, [first])).status()).toBe(202);
  expect((await finishedTask(remote.api, first.taskUUID, 30_000)).status).toBe("success");

  await stopProcess(remote.engine, "SIGKILL");
  const stranded = imageTask("a lighthouse in the storm");
  // Bounded by the request's own timeout: before, this request had no answer for 11 minutes.
  const refused = await sendTasks(remote.api, remote.origin, [stranded]);
  expect(refused.status()).toBe(503);
  expect(refused.headers()["retry-after"]).toMatch(/^\d+$/);
  const body = (await refused.json()) as { errors: { code: string; taskUUID: string; message: string }[] };
  expect(body.errors).toEqual([
    expect.objectContaining({ code: "serviceUnavailable", taskUUID: stranded.taskUUID }),
  ]);
  expect(body.errors[0]?.message).toContain("not sent");
  const recorded = await finishedTask(remote.api, stranded.taskUUID, 5_000);
  expect(recorded.status).toBe("error");
  expect(recorded.items).toEqual([]);

  // The service comes back: the studio reconnects and new tasks go out...
  remote.engine = await remote.startEngine();
  // (each try a new task: one answered "not sent" stays so, and its UUID is spent)
  let after = imageTask("a lighthouse after the storm");
  await expect(async () => {
    after = imageTask("a lighthouse after the storm");
    expect((await sendTasks(remote.api, remote.origin, [after])).status()).toBe(202);
  }).toPass({ timeout: 90_000 });
  expect((await finishedTask(remote.api, after.taskUUID, 30_000)).status).toBe("success");
  // ...but the stranded task was never sent: still failed, still without a result.
  const still = await finishedTask(remote.api, stranded.taskUUID, 5_000);
  expect(still.status).toBe("error");
  expect(still.items).toEqual([]);
  // And the service itself never heard of it.
  const asked = await fetch(remote.engineUrl, {
    method: "POST",
    headers: { authorization: `Bearer ${remote.key}`, "content-type": "application/json" },
    body: JSON.stringify([{ taskType: "getResponse", taskUUID: stranded.taskUUID }]),
  });
  const answer = (await asked.json()) as { data?: unknown[]; errors?: { code: string }[] };
  expect(answer.data ?? []).toEqual([]);
});
