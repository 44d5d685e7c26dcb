import { z } from "zod";
import { oneLineText } from "../person-text";
import { ROLES } from "../roles";

/**
 * The studio's account forms, parsed the same way by the browser (react-hook-form) and by the
 * Route Handlers that receive them.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A member's name: the one rule for set-up, invitations and renaming an account. */
export const NAME_MAX = 80;
export const memberNameSchema = oneLineText(
  "A name is one line of text: no line breaks, control characters or text-direction marks.",
)
  .trim()
  .min(1, "Enter your name.")
  .max(NAME_MAX, `Keep the name under ${NAME_MAX} characters.`);
const name = memberNameSchema;
const email = z.email("Enter an email address, such as ada@example.com.").trim().toLowerCase();
const password = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const newAccountSchema = z.object({ name, email, password });
export type NewAccountInput = z.input<typeof newAccountSchema>;

export const signInSchema = z.object({ email, password: z.string().min(1, "Enter your password.") });
export type SignInInput = z.input<typeof signInSchema>;

/** What a member may change of their own account (better-auth's update-user body). */
export const updateAccountSchema = z.strictObject({ name });

/** A signed-in member choosing a new password (better-auth's change-password body). */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string()
    .min(1, "Enter your current password.")
    .max(PASSWORD_MAX, "That is not your current password."),
  newPassword: password,
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** A member setting a new password from an owner's reset link. */
export const resetPasswordSchema = z.object({ token: z.string().min(10).max(200), password });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const acceptInvitationSchema = newAccountSchema.extend({ token: z.string().min(10).max(200) });

export const createInvitationSchema = z.object({
  role: z.enum(ROLES, "Choose a role: owner, editor, reviewer or viewer."),
  email: z.union([z.literal(""), email]).optional(),
});
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;

export const setRoleSchema = z.object({
  role: z.enum(ROLES, "Choose a role: owner, editor, reviewer or viewer."),
});
