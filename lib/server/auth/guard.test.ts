import { describe, expect, it } from "vitest";
import { studioErrors } from "@/lib/studio/api/errors";
import type { Role } from "@/lib/studio/roles";
import type { Caller, TokenGate } from "./caller";
import type { StudioAuth } from "./create-auth";
import { type Gate, requireUser } from "./guard";

const GOOD = "mst_good";

/** A verifier that knows one token, acting as a member with the given role. */
function tokenGate(role: Role, refusal?: Error): TokenGate {
  return {
    async verify(_request, token): Promise<Caller> {
      if (refusal) throw refusal;
      if (token !== GOOD) throw studioErrors.invalidToken();
      return { user: { id: "u1", name: "Ada", email: "ada@studio.test", role }, tokenId: "t1" };
    },
  };
}

// No session is ever looked up on these requests: a token stands in for it.
const noSessions = {} as StudioAuth;
const gate = (tokens?: TokenGate): Gate => ({ auth: noSessions, ...(tokens ? { tokens } : {}) });

/** A POST from a script: a Bearer token, no cookie and no Origin. */
const post = (authorization: string) =>
  new Request("http://studio.test/api/boards", { method: "POST", headers: { authorization } });

async function refused(answer: unknown) {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  return {
    status: response.status,
    body: await response.json(),
    retryAfter: response.headers.get("retry-after"),
  };
}

describe("requireUser with a personal access token", () => {
  it("takes a verified token in place of a session, with no Origin", async () => {
    expect(await requireUser(gate(tokenGate("editor")), post(`Bearer ${GOOD}`), "organize")).toMatchObject({
      id: "u1",
      role: "editor",
    });
  });

  it("refuses what the token's role may not do", async () => {
    expect(
      await refused(await requireUser(gate(tokenGate("viewer")), post(`Bearer ${GOOD}`), "organize")),
    ).toMatchObject({ status: 403, body: { errors: [{ code: "forbidden" }] } });
  });

  it("answers 401 naming authorization for an unknown token, a malformed header, or no verifier", async () => {
    for (const [g, header] of [
      [gate(tokenGate("owner")), "Bearer mst_wrong"],
      [gate(tokenGate("owner")), "Basic YWRhOnNlY3JldA=="],
      [gate(), `Bearer ${GOOD}`],
    ] as const) {
      expect(await refused(await requireUser(g, post(header), "view"))).toMatchObject({
        status: 401,
        body: { errors: [{ code: "invalidToken", parameter: "authorization" }] },
      });
    }
  });

  it("answers a rate limit with Retry-After", async () => {
    const limited = Object.assign(studioErrors.rateLimited(7), { retryAfterSeconds: 7 });
    expect(
      await refused(await requireUser(gate(tokenGate("owner", limited)), post(`Bearer ${GOOD}`), "view")),
    ).toMatchObject({ status: 429, retryAfter: "7", body: { errors: [{ code: "rateLimitExceeded" }] } });
  });

  it("still refuses a POST without a token from another origin", async () => {
    const foreign = new Request("http://studio.test/api/boards", {
      method: "POST",
      headers: { origin: "http://evil.test" },
    });
    expect(await refused(await requireUser(gate(tokenGate("owner")), foreign, "view"))).toMatchObject({
      status: 403,
      body: { errors: [{ code: "invalidOrigin" }] },
    });
  });
});
