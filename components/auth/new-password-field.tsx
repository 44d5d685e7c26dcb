import type { ComponentProps } from "react";
import { TextField } from "@/components/ui/field";
import { PASSWORD_MIN } from "@/lib/studio/auth/accounts";

/** A new password: masked, offered to password managers as new, with the studio's one length rule. */
export function NewPasswordField(
  props: Omit<ComponentProps<typeof TextField>, "type" | "autoComplete" | "hint">,
) {
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      hint={`At least ${PASSWORD_MIN} characters.`}
      {...props}
    />
  );
}
