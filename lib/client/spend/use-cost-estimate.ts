"use client";

import { useEffect, useMemo, useState } from "react";
import type { z } from "zod";
import { call } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { ApiError } from "@/lib/studio/api/errors";
import type { spendEstimateInputSchema, spendEstimateSchema } from "@/lib/studio/api/spend";

export type SpendEstimate = z.infer<typeof spendEstimateSchema>;
export type SpendEstimateInput = z.input<typeof spendEstimateInputSchema>;

/** Typing in a form asks once it pauses, not on every key. */
const ESTIMATE_DELAY_MS = 350;

/**
 * What `input` would cost, asked of the studio's estimate endpoint whenever it changes (null asks
 * nothing). An input the studio refuses has no estimate: the form shows why elsewhere.
 */
export function useCostEstimate(input: SpendEstimateInput | null): SpendEstimate | null {
  const key = useMemo(() => (input === null ? null : JSON.stringify(input)), [input]);
  const [estimate, setEstimate] = useState<SpendEstimate | null>(null);
  useEffect(() => {
    if (key === null) {
      setEstimate(null);
      return;
    }
    let live = true;
    const timer = setTimeout(async () => {
      try {
        const answer = await call(api.spend.estimate, { body: JSON.parse(key) as SpendEstimateInput });
        if (live) setEstimate(answer);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        if (live) setEstimate(null);
      }
    }, ESTIMATE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);
  return estimate;
}
