"use client";

import { FolderOpen, X } from "lucide-react";
import { RequestApprovalButton } from "@/components/approvals/request-dialog";
import Link from "@/components/ui/link";
import { useCan } from "@/lib/client/auth/member-role";
import { useBoards } from "./board-menu";
import { ShareDialog } from "./share-dialog";

/** Above the gallery filtered by a board: which board, its description, sharing it, and the way back. */
export function BoardFilterNote({ boardId }: { boardId: string }) {
  const boards = useBoards();
  const organize = useCan("organize");
  const board = boards.data?.boards.find((b) => b.id === boardId);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-card border border-border bg-panel px-4 py-3">
      <FolderOpen aria-hidden className="size-4 text-accent-fg" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-[14px] text-foreground">
          {board ? `Board: ${board.name}` : boards.isPending ? "Board" : "This board no longer exists"}
        </p>
        {board?.description ? <p className="text-[13px] text-muted">{board.description}</p> : null}
      </div>
      {board && organize ? (
        <RequestApprovalButton target={{ boardId: board.id }} defaultTitle={board.name} />
      ) : null}
      {board && organize ? <ShareDialog boardId={board.id} /> : null}
      <Link
        href="/gallery"
        className="inline-flex items-center gap-1 text-[13px] text-muted hover:text-foreground"
      >
        <X aria-hidden className="size-3.5" />
        Show everything
      </Link>
    </div>
  );
}
