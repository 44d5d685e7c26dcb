"use client";

import { FolderOpen, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormError, TextField } from "@/components/ui/field";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { useCan } from "@/lib/client/auth/member-role";
import { useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import type { BoardView } from "@/lib/studio/api/boards";
import { BOARD_DESCRIPTION_MAX, BOARD_NAME_MAX } from "@/lib/studio/organize/organize";
import { useBoards } from "./board-menu";
import { ShareDialog } from "./share-dialog";

type Editing =
  | { mode: "new" }
  | { mode: "edit"; board: BoardView }
  | { mode: "delete"; board: BoardView }
  | null;

/** The team's boards as cards: cover, name, description, count; an editor makes and changes them. */
export function BoardsView() {
  const boards = useBoards();
  const organize = useCan("organize");
  const createBoard = useEndpointMutation(api.boards.create);
  const updateBoard = useEndpointMutation(api.boards.update);
  const deleteBoard = useEndpointMutation(api.boards.delete);
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const list = boards.data?.boards ?? [];

  const open = (next: Editing) => {
    setEditing(next);
    setError(undefined);
    setName(next && next.mode !== "new" ? next.board.name : "");
    setDescription(next && next.mode !== "new" ? next.board.description : "");
  };

  async function submit() {
    if (!editing) return;
    setBusy(true);
    setError(undefined);
    try {
      if (editing.mode === "new") await createBoard.mutateAsync({ body: { name, description } });
      else if (editing.mode === "edit")
        await updateBoard.mutateAsync({ params: { id: editing.board.id }, body: { name, description } });
      else await deleteBoard.mutateAsync({ params: { id: editing.board.id } });
      setEditing(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : "That did not work. Try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Review"
        title="Boards"
        description="Collections of the team's results. An item can be on several boards; a board opens the gallery showing only its items."
        actions={
          organize ? (
            <Button variant="primary" onClick={() => open({ mode: "new" })}>
              <Plus aria-hidden className="size-4" />
              New board
            </Button>
          ) : null
        }
      />
      {boards.isError ? <FormError>{boards.error.message}</FormError> : null}
      {!boards.isPending && list.length === 0 ? (
        <EmptyState
          icon={FolderOpen}
          title="No boards yet"
          description="A board gathers results for one purpose: a client, a campaign, the keepers of a round. Select items in the gallery and add them to a board, or make one here."
        />
      ) : null}
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Boards">
        {list.map((board) => (
          <BoardCard
            key={board.id}
            board={board}
            organize={organize}
            onEdit={() => open({ mode: "edit", board })}
            onDelete={() => open({ mode: "delete", board })}
          />
        ))}
      </ul>
      <Dialog
        open={editing !== null}
        onOpenChange={(next) => (next ? null : setEditing(null))}
        title={
          editing?.mode === "delete"
            ? `Delete the board ${editing.board.name}?`
            : editing?.mode === "edit"
              ? "Rename and describe the board"
              : "New board"
        }
        description={
          editing?.mode === "delete"
            ? "Its items stay in the gallery; only the board goes."
            : "A name for the team, and what the board is for."
        }
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {editing?.mode !== "delete" ? (
            <>
              <TextField
                id="board-name"
                label="Name"
                value={name}
                maxLength={BOARD_NAME_MAX}
                onChange={(e) => setName(e.target.value)}
                autoFocus
              />
              <TextField
                id="board-description"
                label="Description"
                value={description}
                maxLength={BOARD_DESCRIPTION_MAX}
                onChange={(e) => setDescription(e.target.value)}
                hint="Optional"
              />
            </>
          ) : null}
          <FormError>{error}</FormError>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="primary"
              disabled={busy || (editing?.mode !== "delete" && name.trim() === "")}
            >
              {editing?.mode === "delete"
                ? "Delete board"
                : editing?.mode === "edit"
                  ? "Save"
                  : "Create board"}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

function BoardCard({
  board,
  organize,
  onEdit,
  onDelete,
}: {
  board: BoardView;
  organize: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      data-testid="board-card"
      className="group flex flex-col overflow-hidden rounded-card border border-border bg-panel shadow-panel"
    >
      <Link href={`/gallery?board=${board.id}`} className="flex flex-1 flex-col">
        <div className="relative aspect-[16/10] overflow-hidden bg-surface-sunken">
          {board.coverUrl ? (
            // biome-ignore lint/performance/noImgElement: studio media is served by our own route.
            <img
              src={board.coverUrl}
              alt=""
              loading="lazy"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
            />
          ) : (
            <div className="grid size-full place-items-center text-muted-subtle">
              <FolderOpen aria-hidden className="size-8" strokeWidth={1.5} />
            </div>
          )}
        </div>
        <div className="flex flex-col gap-1 p-4">
          <h2 className="font-semibold text-[15px] text-foreground">{board.name}</h2>
          {board.description ? (
            <p className="line-clamp-2 text-[13px] text-muted">{board.description}</p>
          ) : null}
          <p className="text-[12px] text-muted-subtle">
            {board.itemCount === 1 ? "1 item" : `${board.itemCount} items`}
          </p>
        </div>
      </Link>
      {organize ? (
        <div className="flex items-center gap-1 border-border border-t px-3 py-2">
          <Button size="sm" variant="ghost" onClick={onEdit}>
            <Pencil aria-hidden className="size-3.5" />
            Rename
          </Button>
          <ShareDialog boardId={board.id} variant="ghost" />
          <Button
            size="sm"
            variant="ghost"
            className="ml-auto"
            aria-label={`Delete the board ${board.name}`}
            onClick={onDelete}
          >
            <Trash2 aria-hidden className="size-3.5" />
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}
