import { z } from "zod";
import { acceptInvitationSchema, createInvitationSchema } from "@/lib/studio/auth/accounts";
import { ROLES } from "@/lib/studio/roles";
import { resource, uuid } from "./endpoint";
import { SIGNED_IN } from "./setup";

/** Invitation links with a role, made by the owner; accepting one creates the member's account. */

export const invitationSchema = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  email: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** The link of an open invitation, to copy again; null once it is closed. */
  url: z.string().nullable(),
});
export type InvitationView = z.infer<typeof invitationSchema>;

export const newInvitationSchema = z.object({
  url: z.string(),
  role: z.enum(ROLES),
  expiresAt: z.string(),
});

/**
 * Who may handle invitations, one rule for all of them: an owner in a signed-in session. An
 * invitation is a way into the studio (its link makes an account), so a personal access token may
 * not list, make or revoke one; accepting is for someone without an account at all.
 */
const OWNER_SESSION = { access: "manage", tokens: false } as const;

export const invitations = resource("invitations", {
  list: {
    ...OWNER_SESSION,
    method: "GET",
    path: "/api/invitations",
    summary: "The owner's invitations, open and past; an open one carries its link.",
    response: z.array(invitationSchema),
  },
  create: {
    ...OWNER_SESSION,
    method: "POST",
    path: "/api/invitations",
    summary: "A new invitation link with a role (and, optionally, the only email that may use it).",
    body: createInvitationSchema,
    response: newInvitationSchema,
    status: 201,
    invalidates: ["invitations"],
  },
  revoke: {
    ...OWNER_SESSION,
    method: "DELETE",
    path: "/api/invitations/{id}",
    summary: "Revokes an open invitation: its link stops working at once.",
    params: z.object({ id: uuid() }),
    status: 204,
    errors: ["notFound"],
    invalidates: ["invitations"],
  },
  accept: {
    method: "POST",
    path: "/api/invitations/accept",
    summary: "Accepts an invitation link: the new member's account, signed in, with the invited role.",
    description: "Answers the new member's account and sets the session cookie.",
    access: "public",
    body: acceptInvitationSchema,
    produces: SIGNED_IN,
    errors: ["invalidInvitation", "invitationEmailMismatch", "removedMemberNeedsNamedInvite"],
    invalidates: [],
  },
});
