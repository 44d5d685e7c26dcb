import { z } from "zod";
import { newAccountSchema } from "@/lib/studio/auth/accounts";
import { resource } from "./endpoint";

/** The first visit to a fresh studio: its owner's account. */

/**
 * What an endpoint that signs someone in answers (set-up, an invitation, a reset link): the auth
 * library's own answer (the account, not in a `{ data }` envelope), with the session cookie set.
 */
export const SIGNED_IN = "application/json";

export const setup = resource("setup", {
  status: {
    method: "GET",
    path: "/api/setup",
    summary: "Whether this studio still needs its owner.",
    access: "public",
    response: z.object({ needsSetup: z.boolean() }),
  },
  create: {
    method: "POST",
    path: "/api/setup",
    summary: "Creates the owner of a fresh studio and signs them in.",
    description: "Answers the owner's account and sets the session cookie; 409 once the studio has an owner.",
    access: "public",
    body: newAccountSchema,
    produces: SIGNED_IN,
    errors: ["setupDone"],
    invalidates: [],
  },
});
