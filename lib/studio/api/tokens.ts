import { z } from "zod";
import { oneLineText } from "@/lib/studio/person-text";
import { ROLES, type Role } from "@/lib/studio/roles";
import { resource, uuid } from "./endpoint";

/**
 * Personal access tokens: a member's keys for scripts and CI (`Authorization: Bearer mst_...`).
 * Making, listing and revoking them takes a signed-in session: a token cannot mint tokens.
 */

/** How long a new token lives, in days; null is never expires. */
export const TOKEN_LIFETIMES = [7, 30, 90, 365] as const;
/** Live (neither revoked nor expired) tokens a member may hold at once. */
export const MAX_LIVE_TOKENS = 50;

/** The roles a member may give a token: their own and every weaker one (ROLES runs strongest first). */
export function tokenRolesFor(role: Role): Role[] {
  return ROLES.slice(ROLES.indexOf(role));
}

export const accessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret's first characters, to tell tokens apart. */
  prefix: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  /** Null: never expires. */
  expiresAt: z.string().nullable(),
  /** Null: never used. */
  lastUsedAt: z.string().nullable(),
});
export type AccessTokenView = z.infer<typeof accessTokenSchema>;

export const newAccessTokenSchema = z.object({
  name: oneLineText()
    .trim()
    .min(1, "Give the token a name, such as the script that will use it.")
    .max(100, "A token's name is at most 100 characters."),
  role: z.enum(ROLES, "role is one of owner, editor, reviewer or viewer."),
  expiresInDays: z
    .union([z.literal(7), z.literal(30), z.literal(90), z.literal(365), z.null()], {
      error: "expiresInDays is 7, 30, 90, 365, or null for a token that never expires.",
    })
    .default(90),
});
export type NewAccessToken = z.input<typeof newAccessTokenSchema>;

export const createdAccessTokenSchema = accessTokenSchema.extend({
  /** The whole secret: answered this once, never stored. */
  secret: z.string(),
});
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

export const tokens = resource("tokens", {
  list: {
    method: "GET",
    path: "/api/tokens",
    summary: "Your access tokens that are not revoked: name, prefix, role, created, expiry and last use.",
    access: "view",
    tokens: false,
    response: z.array(accessTokenSchema),
  },
  create: {
    method: "POST",
    path: "/api/tokens",
    summary: "Makes an access token with a role up to yours; answers its secret this once.",
    access: "view",
    tokens: false,
    body: newAccessTokenSchema,
    bodyLimit: 4 * 1024,
    response: createdAccessTokenSchema,
    status: 201,
    errors: ["tokenRoleTooHigh", "tooManyTokens"],
    invalidates: ["tokens"],
  },
  revoke: {
    method: "DELETE",
    path: "/api/tokens/{id}",
    summary: "Revokes one of your access tokens (an owner may revoke anyone's).",
    access: "view",
    tokens: false,
    params: z.object({ id: uuid() }),
    status: 204,
    errors: ["tokenNotFound"],
    invalidates: ["tokens"],
  },
});
