import { describe, expect, it } from "vitest";
import { resource } from "./endpoint";
import { api, ENDPOINTS } from "./index";
import { RESOURCE_NAMES } from "./resource-names";

const reads = new Set(ENDPOINTS.filter((e) => e.spec.method === "GET").map((e) => e.resource));

describe("what each mutation invalidates", () => {
  it("is declared by every endpoint that is not a GET, an empty list only on purpose", () => {
    const undeclared = ENDPOINTS.filter((e) => e.spec.method !== "GET" && !Array.isArray(e.spec.invalidates));
    expect(undeclared.map((e) => e.id)).toEqual([]);
  });

  it("names only resources that have reads to refresh, each once", () => {
    const wrong = ENDPOINTS.flatMap((e) =>
      (e.spec.invalidates ?? [])
        .filter((name, i, all) => !reads.has(name) || all.indexOf(name) !== i)
        .map((name) => `${e.id} → ${name}`),
    );
    expect(wrong).toEqual([]);
  });

  it("is left to GETs, which change nothing", () => {
    const reading = ENDPOINTS.filter((e) => e.spec.method === "GET" && e.spec.invalidates !== undefined);
    expect(reading.map((e) => e.id)).toEqual([]);
  });

  it("draws on a list of names that is exactly the declared resources", () => {
    const declared = Object.values(api).map((r) => Object.values(r)[0]?.resource);
    expect([...declared].sort()).toEqual([...RESOURCE_NAMES].sort());
  });

  it("refuses a misspelt resource at the type check", () => {
    const endpoints = resource("boards", {
      rename: {
        method: "PATCH",
        path: "/api/boards/{id}",
        summary: "A test declaration.",
        access: "organize",
        // @ts-expect-error: "bords" is no resource of the API
        invalidates: ["bords"],
      },
    });
    expect(endpoints.rename?.spec.invalidates).toEqual(["bords"]);
  });
});
