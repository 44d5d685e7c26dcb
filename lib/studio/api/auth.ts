import { z } from "zod";
import { changePasswordSchema, signInSchema } from "@/lib/studio/auth/accounts";
import { resource } from "./endpoint";

/**
 * The auth library's endpoints, served by one catch-all route under the studio's rules (origin,
 * body bounds, the studio's schemas, sign-in limits). They answer the library's own shapes (not a
 * `{ data }` envelope; refusals as `{ code, message }` or the studio's `{ errors }`), so each is
 * declared as producing JSON. The named ones below are those the studio's own pages call.
 */

/** Sign-in, sign-out, session and password bodies are a few hundred bytes. */
export const AUTH_BODY_LIMIT = 64 * 1024;

const JSON_ANSWER = "application/json";
const catchAll = z.object({ path: z.string().min(1).max(200) });

export const auth = resource("auth", {
  read: {
    method: "GET",
    path: "/api/auth/{path}",
    summary: "The auth library's reads (the current session, the member's sessions).",
    access: "public",
    tokens: false,
    params: catchAll,
    produces: JSON_ANSWER,
  },
  act: {
    method: "POST",
    path: "/api/auth/{path}",
    summary: "The auth library's actions: sign-in, sign-out, renaming, changing the password.",
    access: "public",
    tokens: false,
    params: catchAll,
    rawBody: {
      contentType: "application/json",
      description:
        "The auth library's request body; the studio checks the ones it knows with its own schemas.",
      limit: AUTH_BODY_LIMIT,
    },
    produces: JSON_ANSWER,
    errors: ["signInLimited"],
    invalidates: ["members"],
  },
  signIn: {
    method: "POST",
    path: "/api/auth/sign-in/email",
    summary: "Signs in with email and password; limited per account and per network address.",
    access: "public",
    tokens: false,
    body: signInSchema,
    produces: JSON_ANSWER,
    errors: ["signInLimited"],
    invalidates: [],
  },
  signOut: {
    method: "POST",
    path: "/api/auth/sign-out",
    summary: "Signs this browser out.",
    access: "public",
    tokens: false,
    body: z.object({}),
    produces: JSON_ANSWER,
    invalidates: [],
  },
  changePassword: {
    method: "POST",
    path: "/api/auth/change-password",
    summary: "Changes the signed-in member's password, optionally signing out their other devices.",
    access: "public",
    tokens: false,
    body: changePasswordSchema,
    produces: JSON_ANSWER,
    invalidates: [],
  },
});
