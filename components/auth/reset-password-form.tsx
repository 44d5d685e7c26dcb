"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { attempt } from "@/lib/client/endpoint-attempt";
import { applyServerErrors } from "@/lib/client/forms/form-errors";
import { api } from "@/lib/studio/api/addresses";
import { type ResetPasswordInput, resetPasswordSchema } from "@/lib/studio/auth/accounts";
import { NewPasswordField } from "./new-password-field";

/** A new password from an owner's reset link; the member lands in the studio signed in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await attempt(api.passwordResets.redeem, { body: values });
    if (result.ok) {
      router.replace("/");
      router.refresh();
      return;
    }
    const rest = applyServerErrors(result.errors, ["password"], form.setError);
    if (rest.length > 0) setFormError(rest.join(" "));
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <NewPasswordField
        id="password"
        label="New password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <FormError>{formError}</FormError>
      <Button type="submit" variant="primary" disabled={isSubmitting} className="mt-1 w-full">
        {isSubmitting ? "Saving…" : "Set password and sign in"}
      </Button>
    </form>
  );
}
