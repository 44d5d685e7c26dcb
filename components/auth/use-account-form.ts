"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { callApi } from "@/lib/client/api";
import { applyServerErrors } from "@/lib/client/form-errors";
import { type NewAccountInput, newAccountSchema } from "@/lib/studio/accounts";

const FIELDS = ["name", "email", "password"] as const;

/**
 * A form that creates an account (the owner's set-up, an invitation's acceptance): validated
 * with the shared schema, posted to `url` with `extra`, errors put on the fields they name, and
 * the new member taken into the studio signed in.
 */
export function useAccountForm({
  url,
  extra = {},
  email = "",
  onStatus,
}: {
  url: string;
  extra?: Record<string, unknown>;
  email?: string;
  /** A status the form handles itself (set-up answers 409 once an owner exists). */
  onStatus?: (status: number) => boolean;
}) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<NewAccountInput>({
    resolver: zodResolver(newAccountSchema),
    defaultValues: { name: "", email, password: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await callApi(url, { body: { ...values, ...extra } });
    if (result.ok) {
      router.replace("/");
      router.refresh();
      return;
    }
    if (onStatus?.(result.status)) return;
    const rest = applyServerErrors(result.errors, FIELDS, form.setError);
    if (rest.length > 0) setFormError(rest.join(" "));
  });
  return { form, onSubmit, formError };
}
