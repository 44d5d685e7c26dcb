"use client";

import { useCallback, useEffect, useState } from "react";

/**
 * A person's choice on this device (a layout, a size, a panel left open), kept in localStorage
 * under `key`: `fallback` on the server and until the browser has read it, and whenever the
 * stored value is not one of `values`.
 */
export function useStoredChoice<T extends string>(
  key: string,
  values: readonly T[],
  fallback: T,
): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(fallback);
  useEffect(() => {
    const stored = window.localStorage.getItem(key);
    const known = values.find((v) => v === stored);
    if (known !== undefined) setValue(known);
  }, [key, values]);
  const choose = useCallback(
    (next: T) => {
      setValue(next);
      window.localStorage.setItem(key, next);
    },
    [key],
  );
  return [value, choose];
}
