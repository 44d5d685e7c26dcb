import { describe, expect, it } from "vitest";
import {
  applySecurityHeaders,
  contentSecurityPolicy,
  scriptNonceOf,
  securityHeaders,
} from "./security-headers";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

describe("securityHeaders", () => {
  it("gives a page a policy with its nonce, never framed, and the other headers", () => {
    const h = securityHeaders({ path: "/gallery", dev: false, https: false, nonce: "abc123==" });
    const csp = directives(h["content-security-policy"] ?? "");
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "blob:", "data:"]);
    expect(csp.get("media-src")).toEqual(["'self'", "blob:", "data:"]);
    expect(csp.get("connect-src")).toContain("'self'");
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
    expect(h).toMatchObject({
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
    });
    expect(h["permissions-policy"]).toContain("camera=()");
    expect(h["strict-transport-security"]).toBeUndefined();
  });

  it("allows eval only on the development server", () => {
    const dev = directives(contentSecurityPolicy({ path: "/", dev: true, https: false, nonce: "n" }));
    const prod = directives(contentSecurityPolicy({ path: "/", dev: false, https: false, nonce: "n" }));
    expect(dev.get("script-src")).toContain("'unsafe-eval'");
    expect(prod.get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("sends no referrer from a share page, whose address holds its token", () => {
    expect(securityHeaders({ path: "/s/tok", dev: false, https: false, nonce: "n" })["referrer-policy"]).toBe(
      "no-referrer",
    );
  });

  it("adds HSTS and upgrades requests only over HTTPS", () => {
    const h = securityHeaders({ path: "/", dev: false, https: true, nonce: "n" });
    expect(h["strict-transport-security"]).toMatch(/^max-age=\d+/);
    expect(directives(h["content-security-policy"] ?? "").has("upgrade-insecure-requests")).toBe(true);
  });

  it("keeps API answers unframed and unsniffed without a page policy", () => {
    const h = securityHeaders({ path: "/api/media/x.png", dev: false, https: false });
    expect(h["content-security-policy"]).toBe("frame-ancestors 'none'");
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["x-content-type-options"]).toBe("nosniff");
  });
});

describe("scriptNonceOf", () => {
  it("reads back the nonce of the policy handed to Next.js with a page's request", () => {
    const req = { headers: { "content-security-policy": "script-src 'nonce-chosen-by-a-client'" } };
    const set = new Map<string, string>();
    const res = { setHeader: (name: string, value: string) => set.set(name, value) };
    applySecurityHeaders(req as never, res as never, "/sign-in", { dev: false });
    const nonce = scriptNonceOf(req.headers["content-security-policy"]);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(set.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
  });

  it("answers none without a policy or a nonce in it", () => {
    expect(scriptNonceOf(null)).toBeUndefined();
    expect(scriptNonceOf(undefined)).toBeUndefined();
    expect(scriptNonceOf("default-src 'self'")).toBeUndefined();
  });
});
