import { describe, expect, it } from "vitest";
import { studioErrors } from "@/lib/studio/api/errors";
import { errorAnswerOf } from "./error-answer";

describe("errorAnswerOf", () => {
  it("finds a studio error wrapped as the cause of another (a query error wraps the driver's)", () => {
    const wrapped = new Error("Failed query: select 1", { cause: studioErrors.unavailable("closing") });
    expect(errorAnswerOf(wrapped)?.status).toBe(503);
    expect(errorAnswerOf(wrapped)?.error.code).toBe("serviceUnavailable");
  });

  it("answers null for an error that carries no answer, however wrapped", () => {
    expect(errorAnswerOf(new Error("outer", { cause: new Error("inner") }))).toBeNull();
    expect(errorAnswerOf("a string")).toBeNull();
  });
});
