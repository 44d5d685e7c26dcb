"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { LockKeyhole } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { NewPasswordField } from "@/components/auth/new-password-field";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/field";
import { attempt } from "@/lib/client/endpoint-attempt";
import { applyServerErrors } from "@/lib/client/forms/form-errors";
import { api } from "@/lib/studio/api/addresses";
import { type ChangePasswordInput, changePasswordSchema } from "@/lib/studio/auth/accounts";
import { SettingsSection } from "./settings-section";

const FIELDS = ["currentPassword", "newPassword"] as const;

/** The signed-in member changes their password, and may end their other sessions with it. */
export function PasswordPanel() {
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Busy until hydrated: react-hook-form sets its inputs to their defaults as it registers them,
  // so a box unticked before then would be ticked again behind the person's back.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", revokeOtherSessions: true },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setDone(null);
    const result = await attempt(api.auth.changePassword, { body: values });
    if (result.ok) {
      form.reset({ currentPassword: "", newPassword: "", revokeOtherSessions: values.revokeOtherSessions });
      setDone(
        values.revokeOtherSessions
          ? "Password changed. Your other sessions have ended; this one stays signed in."
          : "Password changed.",
      );
      return;
    }
    // better-auth's answer to a wrong current password belongs on that field, in words.
    const errorsWithFields = result.errors.map((e) =>
      e.code === "INVALID_PASSWORD"
        ? { ...e, parameter: "currentPassword", message: "That is not your current password." }
        : e,
    );
    const rest = applyServerErrors(errorsWithFields, FIELDS, form.setError);
    if (rest.length > 0) setFormError(rest.join(" "));
  });
  return (
    <SettingsSection
      icon={LockKeyhole}
      labelId="password-heading"
      title="Password"
      description="Change the password of your account. Forgot it? An owner can make you a reset link from the team list."
    >
      <form onSubmit={onSubmit} noValidate aria-busy={!hydrated} className="flex flex-col gap-4 px-5 py-4">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            id="current-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register("currentPassword")}
          />
          <NewPasswordField
            id="new-password"
            label="New password"
            error={errors.newPassword?.message}
            {...form.register("newPassword")}
          />
        </div>
        <label className="flex items-center gap-2.5 text-[13px] text-foreground">
          <input
            type="checkbox"
            className="size-4 accent-accent-strong"
            {...form.register("revokeOtherSessions")}
          />
          Sign out my other sessions (other browsers and devices)
        </label>
        <FormError>{formError}</FormError>
        {done ? (
          <p role="status" className="text-[13px] text-success-fg">
            {done}
          </p>
        ) : null}
        <div>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {isSubmitting ? "Changing…" : "Change password"}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
