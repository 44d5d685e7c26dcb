"use client";

import { useModelNames } from "@/lib/client/create/tools";
import { settingsWords } from "@/lib/studio/eval-sets/input";
import type { EvalRunSummary } from "./types";

/**
 * Each run's settings in words by run id, its model by the name the rest of the studio shows
 * ("FLUX.1 [schnell] · runware:100@1"); the server's words (the id alone) until the names come.
 */
export function useRunLabels(
  runs: readonly Pick<EvalRunSummary, "id" | "label" | "settings">[],
): Map<string, string> {
  const names = useModelNames(runs.map((r) => r.settings.model));
  return new Map(
    runs.map((r) => [
      r.id,
      names.has(r.settings.model) ? settingsWords(r.settings, names.get(r.settings.model)) : r.label,
    ]),
  );
}
