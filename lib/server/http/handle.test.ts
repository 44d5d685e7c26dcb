import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A second, separate copy of a module, as server.ts (under tsx) and Next's bundle each load one. */
async function otherCopyOf<T>(load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  return load();
}

describe("answer", () => {
  it("answers a studio error thrown by another copy of the studio's modules with its own status", async () => {
    const { answer } = await import("./handle");
    const here = await import("@/lib/studio/api/errors");
    const there = await otherCopyOf(() => import("@/lib/studio/api/errors"));
    expect(there.ApiError).not.toBe(here.ApiError);

    const res = await answer(async () => {
      throw there.studioErrors.lastOwner();
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      errors: [
        {
          code: "conflictLastOwner",
          message: "The studio needs at least one owner: make someone else owner first.",
          parameter: "role",
        },
      ],
    });
  });

  it("answers a record error from another copy by its code", async () => {
    const { answer } = await import("./handle");
    const there = await otherCopyOf(() => import("@/lib/server/db/record-errors"));
    const cursor = await answer(async () => {
      throw new there.RecordError("invalidCursor", "Invalid page cursor; start again without one.", "cursor");
    });
    expect(cursor.status).toBe(400);
    expect(await cursor.json()).toEqual({
      errors: [
        {
          code: "invalidCursor",
          message: "Invalid page cursor; start again without one.",
          parameter: "cursor",
        },
      ],
    });
    const unknown = await answer(async () => {
      throw new there.RecordError("unknownTask", "No task.", "taskUUID");
    });
    expect(unknown.status).toBe(404);
  });

  it("logs anything else and answers 500 in the contract's shape, without the failure's details", async () => {
    const { answer } = await import("./handle");
    const { logger } = await import("@/lib/platform/logger");
    const logged = vi.spyOn(logger(), "error").mockImplementation(() => undefined);
    const res = await answer(async () => {
      throw new Error("connection refused at 10.0.0.3");
    });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { errors: { code: string; message: string }[] };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]?.code).toBe("internalServerError");
    expect(body.errors[0]?.message).not.toContain("10.0.0.3");
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it("does not take a look-alike object for a studio error", async () => {
    const { answer } = await import("./handle");
    const { logger } = await import("@/lib/platform/logger");
    vi.spyOn(logger(), "error").mockImplementation(() => undefined);
    const res = await answer(async () => {
      throw { studioError: { status: 200, error: { code: "ok", message: "fine" } } };
    });
    expect(res.status).toBe(500);
  });
});

describe("handled", () => {
  it("answers whatever a Route Handler throws, and passes its arguments through", async () => {
    const { handled } = await import("./handle");
    const { studioErrors } = await import("@/lib/studio/api/errors");
    const GET = handled(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
      const { id } = await params;
      if (id === "x") throw studioErrors.notFound("member", "id");
      return new Response(id);
    });
    const res = await GET(new Request("http://studio.test/api/members/x"), {
      params: Promise.resolve({ id: "x" }),
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { errors: { parameter: string }[] }).errors[0]?.parameter).toBe("id");
  });
});

describe("releasedWhenGone", () => {
  /** A file opened for reading, as media storage answers it, and whether its handle has closed. */
  async function openFile() {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "released-"));
    const file = path.join(dir, "media.bin");
    fs.writeFileSync(file, Buffer.alloc(256 * 1024, 7));
    const handle = await fs.promises.open(file, "r");
    const state = { closed: false };
    const stream = handle.createReadStream({ autoClose: true });
    // A file stream closes once its file is closed.
    stream.once("close", () => {
      state.closed = true;
    });
    return { stream, state, cleanUp: () => fs.rmSync(dir, { recursive: true, force: true }) };
  }

  async function answerWithFile(signal: AbortSignal, method = "GET") {
    const { handled } = await import("./handle");
    const { Readable } = await import("node:stream");
    const file = await openFile();
    const GET = handled(
      async (_request: Request) => new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>),
    );
    const res = await GET(new Request("http://studio.test/api/items/x/thumb", { signal, method }));
    return { res, ...file };
  }

  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  };

  it("closes the file of a body nobody will send: the client left while the handler worked", async () => {
    const gone = new AbortController();
    gone.abort();
    const { state, cleanUp } = await answerWithFile(gone.signal);
    await until(() => state.closed);
    expect(state.closed).toBe(true);
    cleanUp();
  });

  it("closes it when the client leaves after the answer, before its body was sent", async () => {
    const client = new AbortController();
    const { state, cleanUp } = await answerWithFile(client.signal);
    await new Promise((r) => setTimeout(r, 20));
    expect(state.closed).toBe(false);
    client.abort();
    await until(() => state.closed);
    expect(state.closed).toBe(true);
    cleanUp();
  });

  it("closes it at once for a HEAD request, whose body is never sent", async () => {
    const { state, cleanUp } = await answerWithFile(new AbortController().signal, "HEAD");
    await until(() => state.closed);
    expect(state.closed).toBe(true);
    cleanUp();
  });

  it("leaves a body being sent to whoever sends it, and the client that stays gets every byte", async () => {
    const client = new AbortController();
    const { res, state, cleanUp } = await answerWithFile(client.signal);
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(first?.done).toBe(false);
    client.abort();
    let bytes = first?.value?.length ?? 0;
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read())
      bytes += part.value.length;
    expect(bytes).toBe(256 * 1024);
    await until(() => state.closed);
    expect(state.closed).toBe(true);
    cleanUp();
  });

  it("answers a body-less response as it is", async () => {
    const { releasedWhenGone } = await import("./handle");
    const gone = new AbortController();
    gone.abort();
    const res = releasedWhenGone(
      new Response(null, { status: 304 }),
      new Request("http://studio.test/", { signal: gone.signal }),
    );
    expect(res.status).toBe(304);
  });
});
