import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { taskKey } from "../gallery/cache";
import { prefetchRecall } from "./recall-prefetch";
import { imageRefQuery } from "./tools";

const TASK = "11111111-1111-4111-8111-111111111111";
const IMAGE = "22222222-2222-4222-8222-222222222222";

/** The studio's API as far as recall reads it; every request is counted. */
function studio() {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: unknown) => {
    const url = String(input);
    calls.push(url);
    if (url.startsWith("/api/tasks/"))
      return Response.json({
        data: {
          taskUUID: TASK,
          params: { seedImage: IMAGE, maskImage: { $inline: { storageKey: "inputs/ab/mask.png" } } },
        },
      });
    if (url.startsWith("/api/images/")) return Response.json({ data: { id: IMAGE, width: 8, height: 8 } });
    return new Response(new Blob(["png"], { type: "image/png" }));
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("prefetchRecall", () => {
  it("looks the task and its media up into the caches the recalled form reads", async () => {
    const calls = studio();
    const client = new QueryClient();
    prefetchRecall(client, TASK);
    await vi.waitFor(() => expect(client.getQueryData(imageRefQuery(IMAGE).queryKey)).toBeTruthy());
    expect(client.getQueryData(taskKey(TASK))).toMatchObject({ taskUUID: TASK });
    expect(calls[0]).toBe(`/api/tasks/${TASK}`);
    expect(calls.slice(1).sort()).toEqual([`/api/images/${IMAGE}`, "/api/media/inputs/ab/mask.png"]);

    // Pointing at the link again asks the studio for nothing the query cache holds (the inline
    // media's address is kept by the browser's own cache, by content).
    calls.length = 0;
    prefetchRecall(client, TASK);
    await vi.waitFor(() => expect(calls).toEqual(["/api/media/inputs/ab/mask.png"]));
  });

  it("leaves a task that cannot be opened to the form, without a stray rejection", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json({ errors: [{ code: "notFound", message: "No such task" }] }, { status: 404 }),
      ),
    );
    const client = new QueryClient();
    prefetchRecall(client, TASK);
    await vi.waitFor(() => expect(client.getQueryState(taskKey(TASK))?.status).toBe("error"));
  });
});
