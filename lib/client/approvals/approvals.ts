"use client";

import type { QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import type { ApprovalCreate, DecisionInput } from "@/lib/studio/approvals/inputs";
import { invalidateResources, useEndpoint, useEndpointMutation } from "../endpoint-client";

/** The approvals API as the browser calls it; each call refreshes what its endpoint declares. */

/** Every item's latest request, read once for the whole gallery and kept fresh by the stream. */
export function useApprovalBadges() {
  return useEndpoint(api.approvals.badges, {}, { staleTime: 60_000 });
}

export function useApproval(id: string) {
  return useEndpoint(api.approvals.get, { params: { id } });
}

export function useCreateApproval() {
  return useEndpointMutation(api.approvals.create, { input: (body: ApprovalCreate) => ({ body }) });
}

export function useDecide(id: string) {
  return useEndpointMutation(api.approvals.decide, {
    input: (body: DecisionInput) => ({ params: { id }, body }),
  });
}

export function useReopen(id: string) {
  return useEndpointMutation<typeof api.approvals.reopen, void>(api.approvals.reopen, {
    input: () => ({ params: { id } }),
  });
}

export function useCancelApproval(id: string) {
  return useEndpointMutation<typeof api.approvals.cancel, void>(api.approvals.cancel, {
    input: () => ({ params: { id } }),
  });
}

/** A request changed somewhere: its page, the lists and the cards' badges read again. */
export function applyApprovalChange(client: QueryClient): void {
  void invalidateResources(client, ["approvals"]);
}

/** Moves a request's due date (null: none). */
export function useUpdateDue(id: string) {
  return useEndpointMutation<typeof api.approvals.update, string | null>(api.approvals.update, {
    input: (dueAt) => ({ params: { id }, body: { dueAt } }),
  });
}
