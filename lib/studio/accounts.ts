import { z } from "zod";
import { ROLES } from "./roles";

/**
 * The studio's account forms, parsed the same way by the browser (react-hook-form) and by the
 * Route Handlers that receive them.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const name = z.string().trim().min(1, "Enter your name.").max(80, "Keep the name under 80 characters.");
const email = z.email("Enter an email address, such as ada@example.com.").trim().toLowerCase();
const password = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const newAccountSchema = z.object({ name, email, password });
export type NewAccountInput = z.input<typeof newAccountSchema>;

export const signInSchema = z.object({ email, password: z.string().min(1, "Enter your password.") });
export type SignInInput = z.input<typeof signInSchema>;

export const acceptInvitationSchema = newAccountSchema.extend({ token: z.string().min(10).max(200) });

export const createInvitationSchema = z.object({
  role: z.enum(ROLES, "Choose a role: owner, editor, reviewer or viewer."),
  email: z.union([z.literal(""), email]).optional(),
});
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;

export const setRoleSchema = z.object({
  role: z.enum(ROLES, "Choose a role: owner, editor, reviewer or viewer."),
});
