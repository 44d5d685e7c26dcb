import { type APIResponse, expect, request as playwrightRequest, test } from "@playwright/test";
import { imageTask, OWNER, sendTasks } from "./fixtures/accounts";
import { finishedTask, memberWithRole, webhookToken } from "./fixtures/studio-api";

/** An error in the contract's shape, as the studio answers it. */
interface ServiceError {
  code: string;
  message: string;
  parameter?: string;
  taskUUID?: string;
}

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

    // The studio's address of the result names none of the service's ids, and the engine's copy
    // does not open by its UUID alone: only the studio that asked holds its URL.
    expect(stored?.url).toMatch(/^\/api\/media\/items\//);
    expect(stored?.url).not.toContain(stored?.mediaUUID);
    expect((await request.get(`${baseURL}/v1/media/${stored?.mediaUUID}.jpg`)).status()).toBe(404);

    // The result as the service would post it: the same image, inline, under a new imageUUID.
    const picture = await request.get(stored?.url ?? "");
    expect(picture.status()).toBe(200);
    const resultBody = {
      taskType: "imageInference",
      taskUUID: task.taskUUID,
      imageUUID: crypto.randomUUID(),
      imageBase64Data: (await picture.body()).toString("base64"),
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

  test("answers the studio's own errors with their status and message, not an empty 500", async ({
    request,
    baseURL,
  }) => {
    const origin = baseURL ?? "";
    const errorOf = async (res: APIResponse) => ((await res.json()) as { errors: ServiceError[] }).errors[0];
    const fresh = () =>
      playwrightRequest.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } });

    const setupAgain = await request.post("/api/setup", {
      data: { name: "Eve", email: "eve@studio.test", password: "long enough password" },
      headers: { origin },
    });
    expect(setupAgain.status()).toBe(409);
    expect(await errorOf(setupAgain)).toMatchObject({ code: "conflictSetup" });

    const anonymous = await fresh();
    const join = (token: string) =>
      anonymous.post("/api/invitations/accept", {
        data: {
          token,
          name: "Eve",
          email: `eve-${token.slice(0, 6)}@studio.test`,
          password: "long enough password",
        },
        headers: { origin },
      });
    const unknown = await join("no-such-invitation-token");
    expect(unknown.status()).toBe(404);
    expect(await errorOf(unknown)).toMatchObject({ code: "invalidInvitation", parameter: "token" });
    const invite = await request.post("/api/invitations", { data: { role: "viewer" }, headers: { origin } });
    const token = ((await invite.json()) as { data: { url: string } }).data.url.split("/invite/")[1] ?? "";
    expect((await join(token)).status()).toBe(200);
    const used = await join(token);
    expect(used.status()).toBe(404);
    expect(await errorOf(used)).toMatchObject({ code: "invalidInvitation" });
    await anonymous.dispose();

    const nobody = crypto.randomUUID();
    const patchNobody = await request.patch(`/api/members/${nobody}`, {
      data: { role: "viewer" },
      headers: { origin },
    });
    expect(patchNobody.status()).toBe(404);
    expect(await errorOf(patchNobody)).toMatchObject({ code: "notFound", parameter: "id" });
    const deleteNobody = await request.delete(`/api/members/${nobody}`, { headers: { origin } });
    expect(deleteNobody.status()).toBe(404);
    expect(await errorOf(deleteNobody)).toMatchObject({ code: "notFound", parameter: "id" });

    const members = (await (await request.get("/api/members")).json()) as {
      data: { id: string; email: string }[];
    };
    const me = members.data.find((m) => m.email === OWNER.email)?.id ?? "";
    const lastOwner = {
      code: "conflictLastOwner",
      message: "The studio needs at least one owner: make someone else owner first.",
    };
    const demote = await request.patch(`/api/members/${me}`, {
      data: { role: "editor" },
      headers: { origin },
    });
    expect(demote.status()).toBe(409);
    expect(await errorOf(demote)).toMatchObject(lastOwner);
    const removeSelf = await request.delete(`/api/members/${me}`, { headers: { origin } });
    expect(removeSelf.status()).toBe(409);
    expect(await errorOf(removeSelf)).toMatchObject(lastOwner);
  });

  test("refuses a NUL, a lone surrogate or an undecodable path with a 400 naming the field", async ({
    request,
    baseURL,
  }) => {
    const origin = baseURL ?? "";
    const refusal = async (res: APIResponse) => {
      expect(res.status(), await res.text()).toBe(400);
      return ((await res.json()) as { errors: ServiceError[] }).errors;
    };

    for (const prompt of ["a \u0000 fox", "a \ud800 fox"]) {
      const task = imageTask(prompt);
      const errors = await refusal(await sendTasks(request, origin, [task]));
      expect(errors).toEqual([
        expect.objectContaining({
          code: "invalidPositivePrompt",
          parameter: "positivePrompt",
          taskUUID: task.taskUUID,
        }),
      ]);
    }
    const negative = imageTask("a fox", { negativePrompt: "blur\u0000" });
    expect(await refusal(await sendTasks(request, origin, [negative]))).toEqual([
      expect.objectContaining({ parameter: "negativePrompt" }),
    ]);

    expect((await refusal(await request.get("/api/images/a%00b")))[0]).toMatchObject({ parameter: "id" });
    expect((await refusal(await request.get("/api/items?author=a%00b")))[0]).toMatchObject({
      parameter: "author",
    });
    expect(
      (await refusal(await request.get("/api/media/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd")))[0],
    ).toMatchObject({
      code: "invalidPath",
      parameter: "key",
    });
    expect(
      (
        await refusal(
          await request.patch("/api/members/a%00b", { data: { role: "viewer" }, headers: { origin } }),
        )
      )[0],
    ).toMatchObject({ parameter: "id" });

    const setup = await request.post("/api/setup", {
      data: { name: "Eve\u0000", email: "eve@studio.test", password: "long enough password" },
      headers: { origin },
    });
    expect((await refusal(setup))[0]).toMatchObject({ code: "invalidName", parameter: "name" });
    const accept = await request.post("/api/invitations/accept", {
      data: {
        token: "0123456789\ud800abcdef",
        name: "Eve",
        email: "eve@studio.test",
        password: "long enough password",
      },
      headers: { origin },
    });
    expect((await refusal(accept))[0]).toMatchObject({ code: "invalidToken", parameter: "token" });

    // The studio is still there.
    expect((await request.get("/api/members")).status()).toBe(200);
  });
});
