"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/studio/api/errors";
import { callApi } from "./api";

export { ApiError };

export async function fetchData<T>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const result = await callApi<{ data: T } | null>(url, init);
  if (!result.ok) throw new ApiError(result.status, result.errors);
  return (result.data?.data ?? undefined) as T;
}

export function useApiQuery<T>(key: readonly unknown[], url: string, enabled = true) {
  return useQuery({ queryKey: key, queryFn: () => fetchData<T>(url), enabled });
}

/** A mutation that refreshes the given query keys when it succeeds. */
export function useApiMutation<V, T = unknown>(
  request: (variables: V) => { url: string; method?: string; body?: unknown },
  invalidates: readonly (readonly unknown[])[],
) {
  const client = useQueryClient();
  return useMutation<T, ApiError, V>({
    mutationFn: (variables) => {
      const { url, ...init } = request(variables);
      return fetchData<T>(url, init);
    },
    onSuccess: async () => {
      await Promise.all(invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
