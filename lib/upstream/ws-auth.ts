import "server-only";
import type { UpstreamConfig } from "./config";
import { reshapeError } from "./reshape";
import type { ConnectionEvent, UpstreamError } from "./types";
import { authenticationSession, authenticationTask, type WireEnvelope } from "./wire";

/** Codes that mean the key itself was refused: the session waits longer before trying again. */
export const KEY_REFUSED: ReadonlySet<string> = new Set(["invalidApiKey", "missingApiKey"]);

/** The key, read again for every authentication: a rotated key is used without a restart. */
export function currentKey(config: UpstreamConfig): string {
  try {
    return config.readApiKey?.() || config.apiKey;
  } catch {
    return config.apiKey;
  }
}

/** The authentication message, asking to resume `resume` when given. */
export function authenticationText(config: UpstreamConfig, resume: string | undefined): string {
  return JSON.stringify(authenticationTask(currentKey(config), resume));
}

/** What the first messages on a new socket say of its authentication. */
export type AuthReply =
  /** Not the answer yet: an ordinary message. */
  | { kind: "other" }
  /** The key was refused: the session backs off and reads the key afresh. */
  | { kind: "keyRefused"; error: UpstreamError }
  /** The service would not resume the old session: a new one is asked for on this socket. */
  | { kind: "notResumed" }
  | { kind: "failed"; error: UpstreamError }
  /** Authenticated as `session`; `rest` is what else the message carried (buffered results). */
  | { kind: "session"; session: string; rest: WireEnvelope | null };

/** Reads an answer to the authentication; `resuming` when an earlier session was asked for. */
export function readAuthReply(envelope: WireEnvelope, resuming: boolean, key: () => string): AuthReply {
  const session = envelope.data.map(authenticationSession).find((s) => s !== undefined);
  if (session === undefined) {
    const refusal = envelope.errors.find((e) => e.taskType === "authentication" || KEY_REFUSED.has(e.code));
    if (!refusal) return { kind: "other" };
    const error = reshapeError(refusal, key());
    if (KEY_REFUSED.has(error.code)) return { kind: "keyRefused", error };
    if (resuming) return { kind: "notResumed" };
    return { kind: "failed", error };
  }
  // Buffered results may share the message with the answer (the engine sends them apart).
  const rest = { ...envelope, data: envelope.data.filter((d) => d.taskType !== "authentication") };
  return { kind: "session", session, rest: rest.data.length > 0 || rest.errors.length > 0 ? rest : null };
}

/** The event that announces `session`, resumed when it is the one before (`previous`). */
export function connectedEvent(previous: string | null, session: string): ConnectionEvent {
  const resumed = previous !== null && previous === session;
  return {
    type: "connection",
    change: "connected",
    sessionUUID: session,
    resumed,
    ...(previous !== null && !resumed ? { lostSessionUUID: previous } : {}),
  };
}
