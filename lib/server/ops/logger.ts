import "server-only";
import { type Logger, pino } from "pino";
import { studioEnv } from "@/lib/server/env";

/**
 * The server's one logger: JSON lines on stdout (one object per event, ready for a log shipper),
 * at `LOG_LEVEL`. Route Handlers are bundled apart from server.ts, so the logger lives on
 * `globalThis` like the runtime: both copies write through the same one.
 */
const KEY = Symbol.for("media-studio.logger");
type Holder = { [KEY]?: Logger };
const holder = globalThis as Holder;

function level(): string {
  try {
    return studioEnv().LOG_LEVEL;
  } catch {
    // A configuration the studio refuses is reported (through this logger) before it stops.
    return "info";
  }
}

export function logger(): Logger {
  holder[KEY] ??= pino({
    level: level(),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Whatever a caller attaches, these never reach a log line.
    redact: {
      paths: ["apiKey", "*.apiKey", "authorization", "*.authorization", "cookie", "*.cookie"],
      remove: true,
    },
  });
  return holder[KEY];
}

/** A child logger with fixed fields (`{ component: "relay" }`). */
export function logFor(bindings: Record<string, string>): Logger {
  return logger().child(bindings);
}

/** The error's message and stack as log fields (pino's own `err` serializer). */
export function errorFields(err: unknown): { err: unknown } {
  return { err: err instanceof Error ? err : new Error(String(err)) };
}
