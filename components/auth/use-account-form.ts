"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { attempt } from "@/lib/client/endpoint-attempt";
import { applyServerErrors } from "@/lib/client/forms/form-errors";
import { api } from "@/lib/studio/api/addresses";
import { type NewAccountInput, newAccountSchema } from "@/lib/studio/auth/accounts";

const FIELDS = ["name", "email", "password"] as const;

/**
 * A form that creates an account (the owner's set-up, an invitation's acceptance): validated
 * with the shared schema, posted with the invitation's token when there is one, errors put on
 * the fields they name, and the new member taken into the studio signed in.
 */
export function useAccountForm({
  token,
  email = "",
  onStatus,
}: {
  /** The invitation being accepted; without one, the form sets up the studio's owner. */
  token?: string;
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
    const result =
      token === undefined
        ? await attempt(api.setup.create, { body: values })
        : await attempt(api.invitations.accept, { body: { ...values, token } });
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
