import { resetPasswordSchema } from "@/lib/studio/auth/accounts";
import { resource } from "./endpoint";
import { SIGNED_IN } from "./setup";

/** Reset links an owner made: the member sets a new password and is signed in. */
export const passwordResets = resource("passwordResets", {
  redeem: {
    method: "POST",
    path: "/api/password-resets",
    summary: "Uses a reset link: the new password, every other session ended, this browser signed in.",
    description: "Answers the member's account and sets the session cookie.",
    access: "public",
    body: resetPasswordSchema,
    produces: SIGNED_IN,
    errors: ["invalidResetLink"],
    invalidates: [],
  },
});
