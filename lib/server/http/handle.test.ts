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
