"use client";

import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { TextField } from "@/components/ui/field";
import type { NewAccountInput } from "@/lib/studio/auth/accounts";
import { NewPasswordField } from "./new-password-field";

/** Name, email and password: the fields of the owner's set-up and of accepting an invitation. */
export function NewAccountFields({
  register,
  errors,
  fixedEmail,
}: {
  register: UseFormRegister<NewAccountInput>;
  errors: FieldErrors<NewAccountInput>;
  fixedEmail?: string | null | undefined;
}) {
  return (
    <>
      <TextField
        id="name"
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register("name")}
      />
      <TextField
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        readOnly={Boolean(fixedEmail)}
        error={errors.email?.message}
        {...register("email")}
      />
      <NewPasswordField
        id="password"
        label="Password"
        error={errors.password?.message}
        {...register("password")}
      />
    </>
  );
}
