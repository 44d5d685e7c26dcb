import "server-only";
import { type Logger, pino } from "pino";

/** pino's levels, quietest last. */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function isLogLevel(value: string | undefined): value is LogLevel {
  return (LOG_LEVELS as readonly (string | undefined)[]).includes(value);
}

/**
 * The process's one logger: JSON lines on stdout (one object per event, ready for a log shipper),
 * at `LOG_LEVEL`. Route Handlers are bundled apart from server.ts, so the logger lives on
 * `globalThis` like the runtime: both copies write through the same one.
 */
const KEY = Symbol.for("media-studio.logger");
type Holder = { [KEY]?: Logger };
const holder = globalThis as Holder;

/**
 * `LOG_LEVEL`, read here rather than from the studio's parsed environment, which this layer does
 * not know; the studio's environment check still refuses a level that is not one of these at
 * start. Anything else (unset, or a refused value being reported) logs at `info`.
 */
function level(): LogLevel {
  const configured = process.env.LOG_LEVEL;
  return isLogLevel(configured) ? configured : "info";
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
