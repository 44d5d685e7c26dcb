import "server-only";
import fs from "node:fs";

/**
 * Where the studio's server finds the media-generation service, and the key it uses there.
 * `apiKey` is a secret: nothing in this folder puts it in a message, a log line or `status()`
 * (see `scrubSecret`).
 */
export interface UpstreamConfig {
  /** HTTP base; it already ends in `/v1`. */
  httpUrl: string;
  /** WebSocket address; it also ends in `/v1`. */
  wsUrl: string;
  apiKey: string;
  /**
   * Reads the key again; called at every authentication of the socket, so that a rotated key is
   * picked up without a restart. Absent, empty or throwing: `apiKey`.
   */
  readApiKey?: () => string;
}

/**
 * The settings `upstreamConfigFromEnv` reads: the studio's parsed environment is one (the env
 * schema guarantees the `UPSTREAM_*` trio is all set or none).
 */
export interface UpstreamEnv {
  UPSTREAM_URL?: string | undefined;
  UPSTREAM_WS_URL?: string | undefined;
  UPSTREAM_API_KEY?: string | undefined;
  UPSTREAM_API_KEY_FILE?: string | undefined;
  /** The address the studio listens on, and its port: where the embedded engine answers. */
  HOST: string;
  PORT: number;
}

/**
 * The configured service from the studio's env: the `UPSTREAM_*` trio when set (the env schema
 * guarantees all three or none; the key may be in `UPSTREAM_API_KEY_FILE`, read again at every
 * authentication), else the embedded engine at `/v1` on the studio's own port, on
 * the address it listens on (loopback when it listens on every interface), with the key the
 * studio's server minted for it.
 */
export function upstreamConfigFromEnv(env: UpstreamEnv, embeddedKey?: string): UpstreamConfig {
  if (env.UPSTREAM_URL !== undefined && env.UPSTREAM_WS_URL !== undefined && env.UPSTREAM_API_KEY) {
    return { httpUrl: env.UPSTREAM_URL, wsUrl: env.UPSTREAM_WS_URL, apiKey: env.UPSTREAM_API_KEY };
  }
  const file = env.UPSTREAM_API_KEY_FILE;
  if (env.UPSTREAM_URL !== undefined && env.UPSTREAM_WS_URL !== undefined && file !== undefined) {
    const read = () => fs.readFileSync(file, "utf8").trim();
    let apiKey: string;
    try {
      apiKey = read();
    } catch (err) {
      throw new Error(
        `UPSTREAM_API_KEY_FILE could not be read (${(err as NodeJS.ErrnoException).code ?? "error"}): ${file}`,
      );
    }
    if (!apiKey) throw new Error(`UPSTREAM_API_KEY_FILE is empty: ${file}`);
    return { httpUrl: env.UPSTREAM_URL, wsUrl: env.UPSTREAM_WS_URL, apiKey, readApiKey: read };
  }
  if (!embeddedKey) {
    throw new Error(
      "No upstream is configured (UPSTREAM_URL unset), so the embedded engine is used: pass the API key minted for it.",
    );
  }
  const host = ["0.0.0.0", "::", ""].includes(env.HOST) ? "127.0.0.1" : env.HOST;
  const authority = `${host.includes(":") ? `[${host}]` : host}:${env.PORT}`;
  return { httpUrl: `http://${authority}/v1`, wsUrl: `ws://${authority}/v1`, apiKey: embeddedKey };
}

const REDACTED = "[redacted]";

/**
 * Removes the key from text that leaves this folder. Our own messages never include it; this
 * guards text we do not write: a service that echoes the key in an error, a network library that
 * prints a request. Keys shorter than 4 characters are not searched for (they would match
 * ordinary words; real keys are long).
 */
export function scrubSecret(text: string, secret: string): string {
  if (secret.length < 4 || !text.includes(secret)) return text;
  return text.split(secret).join(REDACTED);
}
