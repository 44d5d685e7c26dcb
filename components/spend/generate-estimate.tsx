"use client";

import { useMemo } from "react";
import { useWatch } from "react-hook-form";
import { useCostEstimate } from "@/lib/client/spend/use-cost-estimate";
import { EstimateLine } from "./estimate-line";
import { TimeEstimateLine } from "./time-estimate-line";

/**
 * Beside Generate: what the task the button would send now would cost. It reads the form's values
 * to know when to ask again, and the task itself from `task`, which builds it as Generate does.
 */
export function GenerateEstimate({ task }: { task: () => Record<string, unknown> }) {
  const values = useWatch();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the task changes when the values do
  const input = useMemo(() => {
    try {
      return { tasks: [task()] };
    } catch {
      // A form midway through an edit may not make a task yet: no estimate until it does.
      return null;
    }
  }, [task, values]);
  const estimate = useCostEstimate(input);
  const built = input?.tasks[0];
  return (
    <>
      <EstimateLine estimate={estimate} noun={built?.taskType === "videoInference" ? "video" : "image"} />
      <TimeEstimateLine estimate={estimate} />
    </>
  );
}
