"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { NewAccountFields } from "./new-account-fields";
import { useAccountForm } from "./use-account-form";

/** The first visit to a fresh studio: the owner's account. */
export function SetupForm() {
  const router = useRouter();
  const { form, onSubmit, formError } = useAccountForm({
    // Someone else finished the set-up first: this person signs in instead.
    onStatus: (status) => {
      if (status !== 409) return false;
      router.replace("/sign-in");
      return true;
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <NewAccountFields register={form.register} errors={errors} />
      <FormError>{formError}</FormError>
      <Button type="submit" variant="primary" disabled={isSubmitting} className="mt-1 w-full">
        {isSubmitting ? "Creating the studio…" : "Create owner account"}
      </Button>
    </form>
  );
}
