import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ServiceError } from "@/lib/protocol/errors";

/**
 * Puts each error the server returned on the field its `parameter` names (the contract's path,
 * `lora.0.weight`, is react-hook-form's path too); answers the messages that fit no field.
 */
export function applyServerErrors<T extends FieldValues>(
  errors: ServiceError[],
  fields: readonly string[],
  setError: UseFormSetError<T>,
): string[] {
  const rest: string[] = [];
  for (const e of errors) {
    const field = e.parameter;
    if (field && fields.some((f) => field === f || field.startsWith(`${f}.`))) {
      setError(field as Path<T>, { type: "server", message: e.message });
    } else rest.push(e.message);
  }
  return rest;
}
