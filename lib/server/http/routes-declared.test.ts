import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "@/lib/studio/api";
import { openApiPathOf, routeFiles } from "./route-files";

// Every Route Handler under app/api is declared (lib/studio/api/<resource>.ts) and goes through
// the one `route()` of lib/server/api/route.ts; every declaration has its Route Handler. The
// published reference is generated from the declarations, so an undeclared route would be missing
// from it, and a declaration without a route would promise what the studio does not answer.

/** What a converted Route Handler no longer does by hand: `route()` does it. */
const HAND_WORK = ["requireUser", "instanceof Response", "handled(", "readJson("] as const;

const FILES = routeFiles();
const declared = new Map(ENDPOINTS.map((e) => [`${e.spec.method} ${e.spec.path}`, e]));

describe("every Route Handler is declared and goes through route()", () => {
  it("maps folders to the reference's paths", () => {
    expect(openApiPathOf("experiments")).toBe("/api/experiments");
    expect(openApiPathOf("experiments/[id]/cells")).toBe("/api/experiments/{id}/cells");
    expect(openApiPathOf("media/[...key]")).toBe("/api/media/{key}");
  });

  it("finds the route files and the methods they export", () => {
    expect(FILES.length).toBeGreaterThan(0);
    expect(FILES.every((f) => f.methods.length > 0)).toBe(true);
    expect(FILES.find((f) => f.folder === "experiments")?.methods).toEqual(["GET", "POST"]);
  });

  for (const { file, path: apiPath, methods, source } of FILES) {
    for (const method of methods) {
      it(`${method} ${apiPath} (${file}) is declared and exported through route()`, () => {
        const endpoint = declared.get(`${method} ${apiPath}`);
        expect(endpoint, `no declaration of ${method} ${apiPath} in lib/studio/api`).toBeDefined();
        const exported = new RegExp(`export\\s+const\\s+${method}\\s*=\\s*route\\(`).test(source);
        expect(exported, `${file} exports ${method} without route(`).toBe(true);
      });
    }
    it(`${file} leaves the caller, the body and the errors to route()`, () => {
      expect(HAND_WORK.filter((needle) => source.includes(needle))).toEqual([]);
    });
  }

  it("every declaration has its Route Handler", () => {
    const served = new Set(FILES.flatMap((f) => f.methods.map((m) => `${m} ${f.path}`)));
    // A catch-all folder (`[...path]`) serves every path below it: the auth library's endpoints
    // the sign-in form calls are declared one by one and answered by its one Route Handler.
    const catchAlls = FILES.filter((f) => f.file.includes("[...")).flatMap((f) =>
      f.methods.map((m) => ({ method: m, prefix: f.path.slice(0, f.path.lastIndexOf("{")) })),
    );
    const isServed = (method: string, path: string) =>
      served.has(`${method} ${path}`) ||
      catchAlls.some(
        (c) => c.method === method && path.startsWith(c.prefix) && path.length > c.prefix.length,
      );
    const missing = ENDPOINTS.filter((e) => !isServed(e.spec.method, e.spec.path)).map(
      (e) => `${e.id}: ${e.spec.method} ${e.spec.path}`,
    );
    expect(missing).toEqual([]);
  });
});
