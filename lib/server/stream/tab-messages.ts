import "server-only";
import type { RawData } from "ws";
import { clientMessageSchema } from "@/lib/studio/api/stream-messages";
import type { PresenceHub, PresenceTab } from "../presence/hub";

/** Messages a tab may send per `MESSAGE_WINDOW_MS`; more are ignored (each may cost a query). */
export const MAX_MESSAGES = 20;
const MESSAGE_WINDOW_MS = 10_000;

/**
 * What a tab's socket does with what the browser sends (the declared `CLIENT_MESSAGES` of
 * lib/studio/api/stream-messages.ts): `{ type: "presence", on }` goes to the hub while the socket
 * is still the member's (`open`); anything else, or too much, is ignored.
 */
export function tabMessages(
  presence: Pick<PresenceHub, "say">,
  tab: PresenceTab,
  open: () => boolean,
  now: () => number = Date.now,
): (data: RawData, isBinary: boolean) => void {
  let window = { from: now(), count: 0 };
  return (data, isBinary) => {
    if (isBinary || !open()) return;
    if (now() - window.from > MESSAGE_WINDOW_MS) window = { from: now(), count: 0 };
    if (++window.count > MAX_MESSAGES) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(data));
    } catch {
      return;
    }
    const message = clientMessageSchema.safeParse(parsed);
    if (message.success && message.data.type === "presence") void presence.say(tab, message.data.on);
  };
}
