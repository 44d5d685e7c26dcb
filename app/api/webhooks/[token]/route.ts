import { unkeepableTextError, unkeepableTextPath } from "@/lib/protocol/text";
import { handled } from "@/lib/server/http/handle";
import { readText } from "@/lib/server/http/read-body";
import { verifyWebhookToken } from "@/lib/server/results/webhook-token";
import { getRuntime } from "@/lib/server/runtime";

/** A result may carry its image inline (base64), as a task's own answer may. */
const WEBHOOK_BODY_LIMIT = 32 * 1024 * 1024;

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const refused = (status: number, message: string) =>
  Response.json({ errors: [{ code: "invalidWebhook", message, parameter: "token" }] }, { status });

/**
 * The service's webhook for tasks this studio sent. No session: the token in the URL is an HMAC
 * of the task's UUID, so only the service (which got the URL with the task) can post results. The
 * body is read and scrubbed like the socket's messages, and its results and failures settle the
 * task by the same rule (the keeper's): a webhook that arrives twice, or after the socket already
 * delivered, records nothing new.
 */
export const POST = handled(async (request: Request, { params }: { params: Promise<{ token: string }> }) => {
  const { token } = await params;
  const runtime = await getRuntime();
  // Read before the token can be checked (it signs the body's taskUUID), so counted as it arrives.
  const text = await readText(request, WEBHOOK_BODY_LIMIT);
  if (!text.ok) return text.response;
  const body = parsedJson(text.text);
  const delivery = runtime.upstream.readWebhook(body);
  if (!delivery) return refused(400, "The webhook body is not a result or error object with a taskUUID.");
  if (!verifyWebhookToken(runtime.secret, delivery.taskUUID, token))
    return refused(403, "This webhook token is not for that task.");
  const unkeepable = unkeepableTextPath(body);
  if (unkeepable) return Response.json({ errors: [unkeepableTextError(unkeepable)] }, { status: 400 });
  await runtime.keeper.receive(delivery);
  return new Response(null, { status: 204 });
});
