"use client";

import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { NewAccountFields } from "./new-account-fields";
import { useAccountForm } from "./use-account-form";

/** Accepting an invitation: the new member's account, with the role the owner chose. */
export function InvitationForm({ token, email }: { token: string; email: string | null }) {
  const { form, onSubmit, formError } = useAccountForm({
    token,
    email: email ?? "",
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <NewAccountFields register={form.register} errors={errors} fixedEmail={email} />
      <FormError>{formError}</FormError>
      <Button type="submit" variant="primary" disabled={isSubmitting} className="mt-1 w-full">
        {isSubmitting ? "Joining…" : "Join the studio"}
      </Button>
    </form>
  );
}
