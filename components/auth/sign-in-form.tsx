"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/field";
import { attempt } from "@/lib/client/endpoint-attempt";
import { api } from "@/lib/studio/api/addresses";
import { type SignInInput, signInSchema } from "@/lib/studio/auth/accounts";
import { safeNextPath } from "@/lib/studio/auth/next-path";

export function SignInForm() {
  const router = useRouter();
  const next = safeNextPath(useSearchParams().get("next"));
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await attempt(api.auth.signIn, { body: values });
    if (result.ok) {
      router.replace(next);
      router.refresh();
      return;
    }
    if (result.status === 401)
      setFormError("That email and password do not match an account of this studio.");
    else setFormError(result.errors.map((e) => e.message).join(" "));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <FormError>{formError}</FormError>
      <Button type="submit" variant="primary" disabled={isSubmitting} className="mt-1 w-full">
        {isSubmitting ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
