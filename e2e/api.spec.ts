import { expect, request as playwrightRequest, test } from "@playwright/test";
import { imageTask, sendTasks } from "./fixtures/accounts";
import { finishedTask, memberWithRole, webhookToken } from "./fixtures/studio-api";

/** The studio's server as a browser and the service meet it: who may do what, and from where. */
test.describe("studio API", () => {
  test("refuses requests without a session, from another origin, and from a role without the right", async ({
    request,
    baseURL,
  }) => {
    const origin = baseURL ?? "";
    const anonymous = await playwrightRequest.newContext({
      baseURL: origin,
      storageState: { cookies: [], origins: [] },
    });
    expect((await anonymous.get("/api/items")).status()).toBe(401);
    const body = (await (
      await anonymous.post("/api/tasks", { data: [imageTask("a fox")], headers: { origin } })
    ).json()) as {
      errors: { code: string }[];
    };
    expect(body.errors[0]?.code).toBe("missingSession");

    // The owner's own cookie, sent from a page on another site.
    const foreign = await request.post("/api/tasks", {
      data: [imageTask("a fox")],
      headers: { origin: "https://elsewhere.example" },
    });
    expect(foreign.status()).toBe(403);
    expect(((await foreign.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("invalidOrigin");
    const noOrigin = await request.post("/api/invitations", { data: { role: "viewer" } });
    expect(noOrigin.status()).toBe(403);

    const viewer = await memberWithRole(
      request,
      () => playwrightRequest.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } }),
      origin,
      "viewer",
      "viewer@studio.test",
    );
    expect((await viewer.get("/api/items")).status()).toBe(200);
    const refused = await sendTasks(viewer, origin, [imageTask("a fox")]);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("forbidden");
    expect((await viewer.get("/api/invitations")).status()).toBe(403);
    await viewer.dispose();
    await anonymous.dispose();
  });

  test("answers a bad task with errors naming each field, and sends the good ones", async ({
    request,
    baseURL,
  }) => {
    const good = imageTask("a lighthouse in fog");
    const bad = { ...imageTask("x"), width: 100 };
    const res = await sendTasks(request, baseURL ?? "", [good, bad]);
    expect(res.status()).toBe(202);
    const body = (await res.json()) as {
      data: { taskUUID: string }[];
      errors: { parameter: string; taskUUID: string }[];
    };
    expect(body.data.map((d) => d.taskUUID)).toEqual([good.taskUUID]);
    expect(body.errors.map((e) => e.parameter).sort()).toEqual(["positivePrompt", "width"]);
    expect(body.errors.every((e) => e.taskUUID === bad.taskUUID)).toBe(true);
    expect((await finishedTask(request, good.taskUUID)).status).toBe("success");
  });

  test("takes a webhook only with its task's token, and records a repeated webhook once", async ({
    request,
    baseURL,
  }) => {
    const task = imageTask("a paper boat");
    expect((await sendTasks(request, baseURL ?? "", [task])).status()).toBe(202);
    const done = await finishedTask(request, task.taskUUID);
    expect(done.items).toHaveLength(1);
    const stored = done.items[0];

    // The result as the service would post it: the same image (the engine serves its media at
    // its own origin, which the studio downloads from) under a new imageUUID.
    const resultBody = {
      taskType: "imageInference",
      taskUUID: task.taskUUID,
      imageUUID: crypto.randomUUID(),
      imageURL: `${baseURL}/v1/media/${stored?.mediaUUID}.jpg`,
      seed: 7,
    };
    const wrong = await request.post(`/api/webhooks/${webhookToken(crypto.randomUUID())}`, {
      data: resultBody,
    });
    expect(wrong.status()).toBe(403);
    const token = webhookToken(task.taskUUID);
    const [first, second] = await Promise.all([
      request.post(`/api/webhooks/${token}`, { data: resultBody }),
      request.post(`/api/webhooks/${token}`, { data: resultBody }),
    ]);
    expect([first.status(), second.status()]).toEqual([204, 204]);
    const third = await request.post(`/api/webhooks/${token}`, { data: resultBody });
    expect(third.status()).toBe(204);
    const after = await finishedTask(request, task.taskUUID);
    expect(after.items.filter((i) => i.mediaUUID === resultBody.imageUUID)).toHaveLength(1);
    expect(after.items).toHaveLength(2);
  });
});
