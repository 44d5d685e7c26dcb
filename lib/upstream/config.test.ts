import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scrubSecret, type UpstreamEnv, upstreamConfigFromEnv } from "./config";

/** The studio listens on every interface of port 3000 unless a test says otherwise. */
function envOf(settings: Partial<UpstreamEnv>): UpstreamEnv {
  return { HOST: "0.0.0.0", PORT: 3000, ...settings };
}

describe("upstreamConfigFromEnv", () => {
  it("uses the UPSTREAM_* variables when set", () => {
    const env = envOf({
      UPSTREAM_URL: "https://api.example.com/v1",
      UPSTREAM_WS_URL: "wss://ws.example.com/v1",
      UPSTREAM_API_KEY: "real-key",
    });
    expect(upstreamConfigFromEnv(env, "ignored")).toEqual({
      httpUrl: "https://api.example.com/v1",
      wsUrl: "wss://ws.example.com/v1",
      apiKey: "real-key",
    });
  });

  it("points at the embedded engine on the studio's port when unset", () => {
    const env = envOf({ PORT: 4100, HOST: "0.0.0.0" });
    expect(upstreamConfigFromEnv(env, "minted-key")).toEqual({
      httpUrl: "http://127.0.0.1:4100/v1",
      wsUrl: "ws://127.0.0.1:4100/v1",
      apiKey: "minted-key",
    });
  });

  it("reaches the embedded engine on the one address the studio listens on, when it names one", () => {
    expect(upstreamConfigFromEnv(envOf({ PORT: 4100, HOST: "10.1.2.3" }), "k").httpUrl).toBe(
      "http://10.1.2.3:4100/v1",
    );
    expect(upstreamConfigFromEnv(envOf({ PORT: 4100, HOST: "::1" }), "k").wsUrl).toBe("ws://[::1]:4100/v1");
    expect(upstreamConfigFromEnv(envOf({ PORT: 4100, HOST: "::" }), "k").httpUrl).toBe(
      "http://127.0.0.1:4100/v1",
    );
  });

  it("reads the key from UPSTREAM_API_KEY_FILE, and again each time it is asked (a rotated key)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "key-file-"));
    const file = path.join(dir, "key");
    fs.writeFileSync(file, "first-key\n");
    try {
      const env = envOf({
        UPSTREAM_URL: "https://api.example.com/v1",
        UPSTREAM_WS_URL: "wss://ws.example.com/v1",
        UPSTREAM_API_KEY_FILE: file,
      });
      const config = upstreamConfigFromEnv(env);
      expect(config.apiKey).toBe("first-key");
      fs.writeFileSync(file, "rotated-key\n");
      expect(config.readApiKey?.()).toBe("rotated-key");
      expect(() =>
        upstreamConfigFromEnv({ ...env, UPSTREAM_API_KEY_FILE: path.join(dir, "missing") }),
      ).toThrow(/UPSTREAM_API_KEY_FILE could not be read/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses the embedded engine without a key", () => {
    expect(() => upstreamConfigFromEnv(envOf({}))).toThrow(/embedded engine/);
  });
});

describe("scrubSecret", () => {
  it("replaces every occurrence of the key", () => {
    expect(scrubSecret("a key-123 b key-123", "key-123")).toBe("a [redacted] b [redacted]");
  });
});
