"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { callApi } from "@/lib/client/api";
import { applyServerErrors } from "@/lib/client/form-errors";
import { type NewAccountInput, newAccountSchema } from "@/lib/studio/accounts";
import { NewAccountFields } from "./new-account-fields";

const FIELDS = ["name", "email", "password"] as const;

/** The first visit to a fresh studio: the owner's account. */
export function SetupForm() {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewAccountInput>({
    resolver: zodResolver(newAccountSchema),
    defaultValues: { name: "", email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await callApi("/api/setup", { body: values });
    if (result.ok) {
      router.replace("/");
      router.refresh();
      return;
    }
    if (result.status === 409) {
      router.replace("/sign-in");
      return;
    }
    const rest = applyServerErrors(result.errors, FIELDS, setError);
    if (rest.length > 0) setFormError(rest.join(" "));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <NewAccountFields register={register} errors={errors} />
      <FormError>{formError}</FormError>
      <Button type="submit" variant="primary" disabled={isSubmitting} className="mt-1 w-full">
        {isSubmitting ? "Creating the studio…" : "Create owner account"}
      </Button>
    </form>
  );
}
