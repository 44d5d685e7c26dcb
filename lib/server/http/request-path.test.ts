import { describe, expect, it } from "vitest";
import { idParam, optionalIdParam } from "./params";
import { malformedPathError } from "./request-path";

describe("malformedPathError", () => {
  it.each([
    ["/api/media/%c0%ae%c0%ae/etc/passwd", "key"],
    ["/api/images/%ff", "id"],
    ["/api/tasks/%e0%80%80?x=1", "taskUUID"],
    ["/api/members/%c0", "id"],
    ["/api/somewhere/%c0", "path"],
  ])("refuses %s with a 400 naming %s", (url, parameter) => {
    expect(malformedPathError(url)).toEqual({
      status: 400,
      body: { errors: [expect.objectContaining({ code: "invalidPath", parameter })] },
    });
  });

  it.each([
    "/api/media/items/2026/11/a.png",
    "/api/images/a%00b",
    "/api/items?author=%c0%ae",
    "/gallery/%c0",
    "/v1/%ff",
  ])("leaves %s to its route", (url) => {
    expect(malformedPathError(url)).toBeNull();
  });
});

describe("idParam", () => {
  it("takes ids of plain characters and refuses anything else with a 400 naming the parameter", async () => {
    expect(idParam("0b1e5a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", "id")).toBe(
      "0b1e5a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
    );
    expect(idParam("tools-author", "author")).toBe("tools-author");
    for (const bad of ["a\u0000b", "a\ud800", "", "../x", "a b", "x".repeat(201)]) {
      const answer = idParam(bad, "id");
      expect(answer).toBeInstanceOf(Response);
      const res = answer as Response;
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        errors: [expect.objectContaining({ code: "invalidId", parameter: "id", type: "string" })],
      });
    }
    expect(optionalIdParam(null, "author")).toBeNull();
    expect(optionalIdParam("", "author")).toBeNull();
    expect(optionalIdParam("a\u0000", "author")).toBeInstanceOf(Response);
  });
});
