import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token in a task's webhook URL: an HMAC of its taskUUID, so a webhook is accepted only for
 * tasks this studio sent, and one task's URL says nothing about another's.
 */
export function webhookToken(secret: string, taskUUID: string): string {
  return createHmac("sha256", secret).update(`webhook:${taskUUID.toLowerCase()}`).digest("base64url");
}

export function verifyWebhookToken(secret: string, taskUUID: string, token: string): boolean {
  const expected = Buffer.from(webhookToken(secret, taskUUID));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
