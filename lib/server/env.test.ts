import { describe, expect, it } from "vitest";
import { parseStudioEnv } from "./env";

describe("studio env", () => {
  it("defaults to the embedded engine on port 3000", () => {
    const env = parseStudioEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.embedded).toBe(true);
  });

  it("treats blank variables as unset", () => {
    expect(parseStudioEnv({ UPSTREAM_URL: "", PORT: "" }).embedded).toBe(true);
  });

  it("uses the upstream when all three variables are set", () => {
    const env = parseStudioEnv({
      UPSTREAM_URL: "https://api.example.com/v1",
      UPSTREAM_WS_URL: "wss://ws-api.example.com/v1",
      UPSTREAM_API_KEY: "k",
    });
    expect(env.embedded).toBe(false);
  });

  it("refuses a half-configured upstream, naming the variable", () => {
    expect(() => parseStudioEnv({ UPSTREAM_URL: "https://api.example.com/v1" })).toThrow(/UPSTREAM_URL/);
  });

  it("refuses a port out of range", () => {
    expect(() => parseStudioEnv({ PORT: "70000" })).toThrow(/PORT/);
  });
});
