import { unkeepableTextError, unkeepableTextPath } from "@/lib/protocol/text";
import { route } from "@/lib/server/api/route";
import { readText } from "@/lib/server/http/read-body";
import { verifyWebhookToken } from "@/lib/server/results/webhook-token";
import { api } from "@/lib/studio/api";
import { ApiError, studioErrors } from "@/lib/studio/api/errors";
import { WEBHOOK_BODY_LIMIT } from "@/lib/studio/api/webhooks";

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * No session: the token in the URL is an HMAC of the task's UUID, so only the service (which got
 * the URL with the task) can post results. The body is read and scrubbed like the socket's
 * messages, and its results and failures settle the task by the same rule (the keeper's): a
 * webhook that arrives twice, or after the socket already delivered, records nothing new.
 */
export const POST = route(api.webhooks.deliver, async ({ runtime, params, request }) => {
  // Read before the token can be checked (it signs the body's taskUUID), so counted as it arrives.
  const text = await readText(request, WEBHOOK_BODY_LIMIT);
  if (!text.ok) return text.response;
  const body = parsedJson(text.text);
  const delivery = runtime.upstream.readWebhook(body);
  if (!delivery) throw studioErrors.invalidWebhook("body");
  if (!verifyWebhookToken(runtime.secret, delivery.taskUUID, params.token))
    throw studioErrors.invalidWebhook("token");
  const unkeepable = unkeepableTextPath(body);
  if (unkeepable) throw new ApiError(400, unkeepableTextError(unkeepable));
  await runtime.keeper.receive(delivery);
});
