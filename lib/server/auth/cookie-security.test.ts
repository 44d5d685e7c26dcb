import { describe, expect, it } from "vitest";
import { HTTPS_HEADER } from "@/lib/server/http/request-stamp";
import { wantsSecureCookies, withCookieSecurity } from "./cookie-security";

const req = (url: string, https?: "0" | "1") =>
  new Request(url, { headers: https === undefined ? {} : { [HTTPS_HEADER]: https } });

describe("wantsSecureCookies", () => {
  it("is off over plain HTTP on a LAN address, so the browser keeps the session", () => {
    expect(wantsSecureCookies(req("http://192.168.1.20:3000/api/auth/sign-in/email", "0"), undefined)).toBe(
      false,
    );
    expect(wantsSecureCookies(req("http://localhost:3000/api/auth/sign-in/email"), undefined)).toBe(false);
  });

  it("is on when the request came over HTTPS", () => {
    expect(wantsSecureCookies(req("http://localhost:3000/x", "1"), undefined)).toBe(true);
    expect(wantsSecureCookies(req("https://studio.example/x"), undefined)).toBe(true);
  });

  it("follows STUDIO_URL's scheme when one is set", () => {
    expect(wantsSecureCookies(req("http://localhost:3000/x", "0"), "https://studio.example")).toBe(true);
    expect(wantsSecureCookies(req("http://localhost:3000/x", "1"), "http://studio.lan:3000")).toBe(false);
  });
});

describe("withCookieSecurity", () => {
  const response = () => {
    const headers = new Headers({ "content-type": "application/json" });
    headers.append("set-cookie", "better-auth.session_token=abc; Path=/; HttpOnly; SameSite=Lax");
    headers.append("set-cookie", "other=1; Path=/; Secure");
    return new Response('{"ok":true}', { status: 200, headers });
  };

  it("adds Secure to every cookie that lacks it, keeping the body and status", async () => {
    const out = withCookieSecurity(response(), true);
    expect(out.headers.getSetCookie()).toEqual([
      "better-auth.session_token=abc; Path=/; HttpOnly; SameSite=Lax; Secure",
      "other=1; Path=/; Secure",
    ]);
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
  });

  it("leaves cookies as they are over plain HTTP", () => {
    expect(withCookieSecurity(response(), false).headers.getSetCookie()[0]).not.toMatch(/Secure/);
  });
});
