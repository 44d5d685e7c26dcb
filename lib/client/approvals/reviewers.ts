"use client";

import { api } from "@/lib/studio/api/addresses";
import type { NewReviewer } from "@/lib/studio/approvals/inputs";
import { useEndpointMutation } from "../endpoint-client";

/** Changing who decides a request, and its guests' links, as its page calls them. */

export function useAddReviewer(id: string) {
  return useEndpointMutation<typeof api.approvals.addReviewer, { stage: number; reviewer: NewReviewer }>(
    api.approvals.addReviewer,
    { input: (body) => ({ params: { id }, body }) },
  );
}

export function useReplaceReviewer(id: string) {
  return useEndpointMutation<
    typeof api.approvals.replaceReviewer,
    { reviewerId: string; reviewer: NewReviewer }
  >(api.approvals.replaceReviewer, {
    input: ({ reviewerId, reviewer }) => ({ params: { id, reviewerId }, body: { reviewer } }),
  });
}

export function useRemoveReviewer(id: string) {
  return useEndpointMutation<typeof api.approvals.removeReviewer, string>(api.approvals.removeReviewer, {
    input: (reviewerId) => ({ params: { id, reviewerId } }),
  });
}

export function useReissueLink(id: string) {
  return useEndpointMutation<typeof api.approvals.reissueLink, string>(api.approvals.reissueLink, {
    input: (reviewerId) => ({ params: { id, reviewerId } }),
  });
}

export function useRevokeLink(id: string) {
  return useEndpointMutation<typeof api.approvals.revokeLink, string>(api.approvals.revokeLink, {
    input: (reviewerId) => ({ params: { id, reviewerId } }),
  });
}
