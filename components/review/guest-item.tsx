"use client";

import { useEffect, useMemo } from "react";
import { Button } from "@/components/ui/button";
import { useGuestComment, useGuestThreads } from "@/lib/client/comments/guest-comments";
import { pinNumbers } from "@/lib/client/comments/pins";
import { promptForPeople } from "@/lib/client/create/prompt-words";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import type { SharedItem } from "@/lib/studio/api/share";
import { scopeRules, type ViewerScope } from "@/lib/studio/share/share-scope";
import { CommentBox } from "../comments/comment-box";
import { CommentThreads } from "../comments/comment-threads";
import { ItemDetails } from "./item-details";
import { ViewerPanel } from "./viewer-panel";
import { ViewerStage } from "./viewer-stage";

/**
 * One item through a share link: the member's stage, details and comments in the link's guest
 * scope, reading the guest's own threads and writing through the link.
 */
export function GuestItem({ token, item, scope }: { token: string; item: SharedItem; scope: ViewerScope }) {
  const rules = scopeRules(scope);
  const setItem = useViewerStore((s) => s.setItem);
  // Marks being drawn belong to this item: another one opened starts with none.
  useEffect(() => {
    setItem(item.id);
  }, [item.id, setItem]);
  const { threads, more } = useGuestThreads(token, item.id, rules.comments === "guest");
  const send = useGuestComment(token, item.id);
  const numbers = useMemo(() => pinNumbers(threads), [threads]);
  const label =
    promptForPeople(item.prompt ?? null) ?? (item.kind === "video" ? "Shared video" : "Shared image");
  return (
    <div className="grid min-h-0 grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_360px] xl:grid-cols-[minmax(0,1fr)_400px]">
      <ViewerStage
        // A held video answers its first frame as a still until it is approved.
        item={{ ...item, kind: item.held ? "image" : item.kind, url: item.mediaUrl }}
        label={label}
        threads={threads}
        numbers={numbers}
        className="relative flex h-[calc(100dvh-15rem)] min-h-[420px] min-w-0 flex-col"
      />
      <ViewerPanel
        scope={scope}
        details={<ItemDetails scope={scope} subject={item} />}
        comments={
          <>
            <CommentBox send={send} scope={scope} kind={item.kind} members={[]} />
            <CommentThreads
              itemId={item.id}
              kind={item.kind}
              threads={threads}
              numbers={numbers}
              members={[]}
              canReview={false}
              meId=""
            />
            {more ? (
              <Button variant="ghost" size="sm" onClick={() => void more()}>
                Show more comments
              </Button>
            ) : null}
          </>
        }
      />
    </div>
  );
}
