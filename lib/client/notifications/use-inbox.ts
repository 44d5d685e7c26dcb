"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import type { ApiError } from "@/lib/studio/api/errors";
import type { InboxPage } from "@/lib/studio/api/inbox";
import type { NotificationKind, NotificationSettings } from "@/lib/studio/notifications/notifications";
import { call, queryKeyOf, useEndpoint, useEndpointMutation } from "../endpoint-client";
import { inboxListKey } from "../review/keys";
import { applyReviewChange } from "../review/live-changes";

export interface InboxFilter {
  kind?: NotificationKind | undefined;
  unreadOnly?: boolean;
}

/** My notifications, newest first, a page at a time; of one kind, or unread only. */
export function useInbox(filter: InboxFilter = {}) {
  const query = {
    ...(filter.kind ? { kind: filter.kind } : {}),
    ...(filter.unreadOnly ? { unread: "1" as const } : {}),
  };
  return useInfiniteQuery({
    queryKey: inboxListKey(query),
    queryFn: ({ pageParam }): Promise<InboxPage> =>
      call(api.inbox.list, { query: pageParam ? { ...query, cursor: pageParam } : query }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** How many of my notifications I have not read (the bell); the relay keeps it current. */
export function useUnread() {
  return useEndpoint(api.inbox.unread, {});
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation<{ unread: number }, ApiError, { ids: string[] } | { all: true }>({
    mutationFn: (body) => call(api.inbox.markRead, { body }),
    onSuccess: ({ unread }) => applyReviewChange(client, { kind: "inbox", unread }),
  });
}

export function useNotificationSettings() {
  return useEndpoint(api.inbox.settings, {});
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useEndpointMutation(api.inbox.saveSettings, {
    input: (body: NotificationSettings) => ({ body }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeyOf(api.inbox.settings, {}), saved);
    },
  });
}
