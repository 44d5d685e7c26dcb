import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ADDRESS_TABLE } from "./address-table";
import { api as addressed, addressTableOf } from "./addresses";
import { api, ENDPOINTS } from "./index";
import { urlOf } from "./url";

describe("the browser's addresses of the studio's endpoints", () => {
  it("are the declarations' (run `npm run api:addresses` after changing an endpoint)", () => {
    expect(ADDRESS_TABLE).toEqual(addressTableOf(api));
  });

  it("name every endpoint by its declared id and resource, with its method, path and invalidations", () => {
    const resources = addressed as unknown as Record<string, Record<string, (typeof ENDPOINTS)[number]>>;
    const flat = Object.values(resources).flatMap((endpoints) => Object.values(endpoints));
    expect(flat.map((e) => e.id)).toEqual(ENDPOINTS.map((e) => e.id));
    for (const endpoint of ENDPOINTS) {
      const [resource = "", name = ""] = endpoint.id.split(".");
      const address = resources[resource]?.[name];
      expect(address?.resource).toBe(endpoint.resource);
      expect(address?.spec.method).toBe(endpoint.spec.method);
      expect(address?.spec.path).toBe(endpoint.spec.path);
      expect(address?.spec.invalidates).toEqual(endpoint.spec.invalidates);
    }
  });

  it("build the same URLs as the declarations", () => {
    const input = { params: { id: "abc", key: "items/a b.png" }, query: { w: "320" } };
    expect(urlOf(addressed.items.thumb, input)).toBe(urlOf(api.items.thumb, input));
  });

  it("are read in the browser's code for their method, path and invalidations only", () => {
    // The table types each endpoint as its declaration (so hooks infer params and answers), but at
    // run time `spec` holds only these three: a schema read through it would type-check and be
    // undefined in the browser. Code that needs a schema imports the declaration on the server.
    const allowed = new Set(["method", "path", "invalidates"]);
    const reads: string[] = [];
    for (const folder of ["lib/client", "components", "app"]) {
      for (const file of readdirSync(folder, { recursive: true, encoding: "utf8" })) {
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
        const text = readFileSync(path.join(folder, file), "utf8");
        for (const [, field] of text.matchAll(/\bspec\??\.(\w+)/g)) {
          if (field && !allowed.has(field)) reads.push(`${folder}/${file}: spec.${field}`);
        }
      }
    }
    expect(reads).toEqual([]);
  });
});
