"use client";

import { useCallback } from "react";
import { useFormContext, useFormState } from "react-hook-form";

/**
 * Clears form values so they are not sent (a blank value means the service's default). Objects are
 * cleared leaf by leaf, because react-hook-form updates an uncontrolled input only when its own
 * path is set; lists of objects become empty lists, the value a field array can follow.
 */
export function useClearFields() {
  const { getValues, setValue, trigger, control } = useFormContext();
  const { isSubmitted } = useFormState({ control });
  return useCallback(
    (...paths: string[]) => {
      const options = { shouldDirty: true } as const;
      const clear = (path: string, value: unknown) => {
        if (Array.isArray(value)) {
          setValue(path, value.some((v) => v && typeof v === "object") ? [] : undefined, options);
          return;
        }
        if (value && typeof value === "object") {
          for (const [key, inner] of Object.entries(value)) clear(`${path}.${key}`, inner);
        }
        setValue(path, undefined, options);
      };
      for (const path of paths) clear(path, getValues(path));
      // After a first Generate the form re-checks on change; an error the cleared value caused
      // (often on its alternative) should go with it.
      if (isSubmitted) void trigger();
    },
    [getValues, setValue, trigger, isSubmitted],
  );
}
