import { z } from "zod";
import { setRoleSchema } from "@/lib/studio/auth/accounts";
import { ROLES } from "@/lib/studio/roles";
import { resource, uuid } from "./endpoint";

/** The team: who is in it, with which role; the owner changes roles and removes members. */

export const memberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
});
export type MemberView = z.infer<typeof memberSchema>;

export const resetLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ResetLinkView = z.infer<typeof resetLinkSchema>;

const idParams = z.object({ id: uuid() });

export const members = resource("members", {
  list: {
    method: "GET",
    path: "/api/members",
    summary: "Every member of the team with their role, oldest first.",
    access: "view",
    response: z.array(memberSchema),
  },
  setRole: {
    method: "PATCH",
    path: "/api/members/{id}",
    summary: "Changes a member's role; the last owner stays owner.",
    access: "manage",
    params: idParams,
    body: setRoleSchema,
    response: memberSchema,
    errors: ["notFound", "lastOwner"],
    invalidates: ["members"],
  },
  remove: {
    method: "DELETE",
    path: "/api/members/{id}",
    summary: "Removes a member: no more sign-in, every session ended; their results stay in the gallery.",
    access: "manage",
    params: idParams,
    status: 204,
    errors: ["notFound", "lastOwner"],
    invalidates: ["members"],
  },
  resetLink: {
    method: "POST",
    path: "/api/members/{id}/reset-link",
    summary: "A single-use password reset link for a member, valid for a day, to pass on to them.",
    access: "manage",
    tokens: false,
    params: idParams,
    response: resetLinkSchema,
    status: 201,
    errors: ["notFound"],
    invalidates: ["members"],
  },
});
