import { describe, expect, it } from "vitest";
import { type UpstreamEnv, upstreamConfigFromEnv } from "@/lib/upstream";
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

  it("refuses both an upstream key and a key file, naming the file", () => {
    expect(() =>
      parseStudioEnv({
        UPSTREAM_URL: "https://api.example.com/v1",
        UPSTREAM_WS_URL: "wss://ws.example.com/v1",
        UPSTREAM_API_KEY: "k",
        UPSTREAM_API_KEY_FILE: "/run/secrets/upstream-key",
      }),
    ).toThrow(/UPSTREAM_API_KEY_FILE/);
  });

  it("hands the upstream client the settings it reads", () => {
    const env: UpstreamEnv = parseStudioEnv({ PORT: "4100", HOST: "10.1.2.3" });
    expect(upstreamConfigFromEnv(env, "k").httpUrl).toBe("http://10.1.2.3:4100/v1");
  });

  it("refuses a port out of range", () => {
    expect(() => parseStudioEnv({ PORT: "70000" })).toThrow(/PORT/);
  });

  it("trusts no proxy unless told how many stand in front", () => {
    expect(parseStudioEnv({}).TRUST_PROXY).toBe(0);
    expect(parseStudioEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(() => parseStudioEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
    expect(() => parseStudioEnv({ TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY/);
  });

  it("reads UPSTREAM_MEDIA_ORIGINS as a list of origins, and refuses what is not one", () => {
    expect(parseStudioEnv({}).UPSTREAM_MEDIA_ORIGINS).toEqual([]);
    expect(
      parseStudioEnv({
        UPSTREAM_MEDIA_ORIGINS: " https://media.lan:9000/results , http://10.0.0.12,https://media.lan:9000 ",
      }).UPSTREAM_MEDIA_ORIGINS,
    ).toEqual(["https://media.lan:9000", "http://10.0.0.12"]);
    expect(() => parseStudioEnv({ UPSTREAM_MEDIA_ORIGINS: "media.lan" })).toThrow(/UPSTREAM_MEDIA_ORIGINS/);
    expect(() => parseStudioEnv({ UPSTREAM_MEDIA_ORIGINS: "ftp://media.lan" })).toThrow(
      /UPSTREAM_MEDIA_ORIGINS.*http\(s\) origins/,
    );
  });
});

describe("studio env: the service's parallelism", () => {
  it("is unset unless said, and refuses a count the studio would not keep in flight, naming it", () => {
    expect(parseStudioEnv({}).SERVICE_PARALLELISM).toBeUndefined();
    expect(parseStudioEnv({ SERVICE_PARALLELISM: "8" }).SERVICE_PARALLELISM).toBe(8);
    expect(() => parseStudioEnv({ SERVICE_PARALLELISM: "0" })).toThrow(/SERVICE_PARALLELISM/);
    expect(() => parseStudioEnv({ SERVICE_PARALLELISM: "21" })).toThrow(/SERVICE_PARALLELISM/);
  });
});
