import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readJson } from "./read-json";

const account = z.object({
  name: z.string().min(1),
  email: z.string(),
  tags: z.array(z.string()).optional(),
});

function post(body: string): Request {
  return new Request("http://studio.test/api/setup", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
}

async function refusal(body: string, options?: { checkText?: boolean }) {
  const result = await readJson(post(body), account, undefined, options);
  if (result.ok) throw new Error("expected a refusal");
  return { status: result.response.status, body: (await result.response.json()) as { errors: unknown[] } };
}

describe("readJson", () => {
  it("refuses a NUL or a lone surrogate anywhere in the body with a 400 naming the field", async () => {
    expect(await refusal(String.raw`{"name":"Ada\u0000","email":"a@b.c"}`)).toEqual({
      status: 400,
      body: {
        errors: [
          {
            code: "invalidName",
            message: expect.stringContaining("'name'"),
            parameter: "name",
            type: "string",
          },
        ],
      },
    });
    const nested = await refusal(String.raw`{"name":"Ada","email":"a@b.c","tags":["ok","\udc00"]}`);
    expect(nested.body.errors[0]).toMatchObject({ code: "invalidTags", parameter: "tags.1" });
    const key = await refusal(String.raw`{"name":"Ada","email":"a@b.c","\ud800":1}`);
    expect(key.body.errors[0]).toMatchObject({ parameter: "\ud800" });
  });

  it("passes such text on when the caller checks it itself", async () => {
    const result = await readJson(
      post(String.raw`{"name":"Ada\u0000","email":"a@b.c"}`),
      account,
      undefined,
      {
        checkText: false,
      },
    );
    expect(result.ok).toBe(true);
  });

  it("answers bad JSON and schema errors as before", async () => {
    expect((await refusal("{")).body.errors[0]).toMatchObject({ code: "invalidJson", parameter: "body" });
    expect((await refusal(`{"name":"","email":"a@b.c"}`)).body.errors[0]).toMatchObject({
      parameter: "name",
    });
  });
});
