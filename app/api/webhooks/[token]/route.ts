import { isServiceError } from "@/lib/protocol/errors";
import { unkeepableTextError, unkeepableTextPath } from "@/lib/protocol/text";
import { handled } from "@/lib/server/http/handle";
import { readText } from "@/lib/server/http/read-body";
import { verifyWebhookToken } from "@/lib/server/results/webhook-token";
import { getRuntime } from "@/lib/server/runtime";
import { reshapeResult } from "@/lib/upstream/reshape";

/** A result may carry its image inline (base64), as a task's own answer may. */
const WEBHOOK_BODY_LIMIT = 32 * 1024 * 1024;

function parsedObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const refused = (status: number, message: string) =>
  Response.json({ errors: [{ code: "invalidWebhook", message, parameter: "token" }] }, { status });

/**
 * The service's webhook for tasks this studio sent. No session: the token in the URL is an HMAC
 * of the task's UUID, so only the service (which got the URL with the task) can post results. A
 * webhook that arrives twice, or after the socket already delivered the result, records nothing new.
 */
export const POST = handled(async (request: Request, { params }: { params: Promise<{ token: string }> }) => {
  const { token } = await params;
  const runtime = await getRuntime();
  // Read before the token can be checked (it signs the body's taskUUID), so counted as it arrives.
  const text = await readText(request, WEBHOOK_BODY_LIMIT);
  if (!text.ok) return text.response;
  const body = parsedObject(text.text);
  const taskUUID = typeof body?.taskUUID === "string" ? body.taskUUID : null;
  if (!body || !taskUUID) return refused(400, "The webhook body is not a result object with a taskUUID.");
  if (!verifyWebhookToken(runtime.secret, taskUUID, token))
    return refused(403, "This webhook token is not for that task.");
  const unkeepable = unkeepableTextPath(body);
  if (unkeepable) return Response.json({ errors: [unkeepableTextError(unkeepable)] }, { status: 400 });
  if (isServiceError(body) || body.status === "error") {
    await runtime.keeper.fail(
      taskUUID,
      isServiceError(body) ? body : { code: "taskFailed", message: "The service reported an error." },
    );
    return new Response(null, { status: 204 });
  }
  const item = reshapeResult({ ...body, taskUUID } as Parameters<typeof reshapeResult>[0]);
  if (item.kind === "image" || item.kind === "video") await runtime.keeper.ingest(item);
  return new Response(null, { status: 204 });
});
