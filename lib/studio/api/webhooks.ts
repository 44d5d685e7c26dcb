import { z } from "zod";
import { resource } from "./endpoint";

/** A result may carry its image inline (base64), as a task's own answer may. */
export const WEBHOOK_BODY_LIMIT = 32 * 1024 * 1024;

export const webhooks = resource("webhooks", {
  deliver: {
    method: "POST",
    path: "/api/webhooks/{token}",
    summary: "The service's webhook for a task this studio sent: a result or an error.",
    description:
      "No session: the token is an HMAC of the task's UUID, handed to the service with the task. " +
      "A delivery settles the task by the same rule as the socket and polling.",
    access: "public",
    caller: { kind: "webhook" },
    tokens: false,
    originCheck: false,
    params: z.object({
      token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, "expected the token of this studio's webhook URL"),
    }),
    rawBody: {
      contentType: "application/json",
      description: "A result or error object of the service, with its taskUUID.",
      limit: WEBHOOK_BODY_LIMIT,
    },
    status: 204,
    errors: ["invalidWebhook"],
    invalidates: [],
  },
});
