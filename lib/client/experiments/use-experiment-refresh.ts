"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { experimentKey } from "./keys";

/**
 * Reads one experiment's page again: after an action on it was taken or refused, so the grid shows
 * what the server holds. Finer than its endpoints' declarations, which refresh every experiment.
 */
export function useExperimentRefresh(id: string) {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: experimentKey(id) }), [client, id]);
}
