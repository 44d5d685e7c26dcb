import { route } from "@/lib/server/api/route";
import { api } from "@/lib/studio/api";

/**
 * No session: the token in the URL is an HMAC of the task's UUID, so only the service (which got
 * the URL with the task) can post results; route() reads the body and checks the token
 * (lib/server/api/link-callers.ts). The body is scrubbed like the socket's messages, and its
 * results and failures settle the task by the same rule (the keeper's): a webhook that arrives
 * twice, or after the socket already delivered, records nothing new.
 */
export const POST = route(api.webhooks.deliver, async ({ runtime, webhook }) => {
  await runtime.keeper.receive(webhook.delivery);
});
