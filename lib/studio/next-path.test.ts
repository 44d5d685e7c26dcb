import { describe, expect, it } from "vitest";
import { safeNextPath, signInPathFor } from "./next-path";

describe("safeNextPath", () => {
  it("keeps a path of the studio with its query and hash", () => {
    expect(safeNextPath("/gallery?x=1")).toBe("/gallery?x=1");
    expect(safeNextPath("/settings#team")).toBe("/settings#team");
    expect(safeNextPath("/create/image?model=a%20b")).toBe("/create/image?model=a%20b");
  });

  it.each([
    ["//evil.com"],
    ["https://evil.com"],
    ["http://evil.com/gallery"],
    ["/\\evil.com"],
    ["/\\/evil.com"],
    ["\\\\evil.com"],
    ["/\tevil.com"],
    ["/\n/evil.com"],
    ["javascript:alert(1)"],
    ["gallery"],
    [""],
    [null],
    [undefined],
  ])("sends %j home", (value) => {
    expect(safeNextPath(value)).toBe("/");
  });
});

describe("signInPathFor", () => {
  it("asks sign-in to come back to the page, and not to come back home", () => {
    expect(signInPathFor("/gallery?x=1")).toBe("/sign-in?next=%2Fgallery%3Fx%3D1");
    expect(signInPathFor("/")).toBe("/sign-in");
    expect(signInPathFor("//evil.com")).toBe("/sign-in");
  });
});
