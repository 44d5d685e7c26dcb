import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "@/lib/studio/api/addresses";
import { attempt } from "./endpoint-attempt";

afterEach(() => vi.unstubAllGlobals());

function answering(response: Response | Error) {
  const fetch = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("attempt: an endpoint's answer or its errors, never a throw", () => {
  it("calls the declared URL and method, and answers the data", async () => {
    const fetch = answering(Response.json({ data: { ended: 2 } }));
    expect(await attempt(api.sessions.endAll, {})).toEqual({ ok: true, data: { ended: 2 } });
    expect(fetch).toHaveBeenCalledWith("/api/sessions", expect.objectContaining({ method: "DELETE" }));
  });

  it("answers the studio's refusal with its status and errors", async () => {
    const errors = [{ code: "invalidResetLink", message: "This link is used.", parameter: "token" }];
    answering(Response.json({ errors }, { status: 404 }));
    expect(
      await attempt(api.passwordResets.redeem, { body: { token: "x".repeat(12), password: "p".repeat(8) } }),
    ).toEqual({
      ok: false,
      status: 404,
      errors,
    });
  });

  it("answers the auth library's own refusal shape in the contract's", async () => {
    answering(
      Response.json(
        { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" },
        { status: 401 },
      ),
    );
    const result = await attempt(api.auth.signIn, { body: { email: "a@b.test", password: "nope" } });
    expect(result).toEqual({
      ok: false,
      status: 401,
      errors: [{ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }],
    });
  });

  it("a network failure is status 0 with words for a person", async () => {
    answering(new TypeError("fetch failed"));
    const result = await attempt(api.auth.signOut, { body: {} });
    expect(result).toMatchObject({ ok: false, status: 0, errors: [{ code: "networkError" }] });
  });
});
