import { afterEach, describe, expect, it, vi } from "vitest";
import { isUuidV4, parseTask } from "@/lib/protocol";
import { newId } from "./new-id";

/** The crypto of a page served over plain HTTP at a network address: random bytes, no `randomUUID`. */
function insecurePage() {
  const real = globalThis.crypto;
  vi.stubGlobal("crypto", { getRandomValues: real.getRandomValues.bind(real) });
}

describe("newId", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("makes a version 4 UUID the contract takes as a taskUUID on a page without randomUUID", () => {
    insecurePage();
    expect(typeof crypto.randomUUID).toBe("undefined");
    const id = newId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(isUuidV4(id)).toBe(true);
    const asked = parseTask({ taskType: "getResponse", taskUUID: id });
    expect(asked.ok ? asked.task : asked.errors).toMatchObject({ taskUUID: id });
  });

  it("never gives the same id twice on such a page", () => {
    insecurePage();
    const ids = Array.from({ length: 2000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every(isUuidV4)).toBe(true);
  });

  it("uses the browser's own randomUUID where the page has it", () => {
    const spy = vi.spyOn(crypto, "randomUUID");
    const id = newId();
    expect(spy).toHaveBeenCalledOnce();
    expect(spy.mock.results[0]?.value).toBe(id);
    spy.mockRestore();
  });
});
