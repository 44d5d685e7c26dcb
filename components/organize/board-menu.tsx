"use client";

import { useQuery } from "@tanstack/react-query";
import { FolderPlus, Plus } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { call } from "@/lib/client/endpoint-client";
import { boardsKey } from "@/lib/client/organize/keys";
import { api } from "@/lib/studio/api/addresses";
import type { BoardView } from "@/lib/studio/api/boards";

export const menuContent =
  "z-50 min-w-56 max-h-80 overflow-y-auto rounded-card border border-border-strong bg-panel-raised p-1 shadow-panel";
export const menuItem =
  "flex cursor-pointer items-center gap-2 rounded-control px-2.5 py-1.5 text-[13px] text-foreground outline-none data-[highlighted]:bg-panel-hover";

export function useBoards() {
  return useQuery({
    queryKey: boardsKey,
    queryFn: () => call(api.boards.list, { query: { limit: 200 } }),
  });
}

/** "Add to board": the team's boards, and "New board…" that makes one and adds to it. */
export function BoardMenu({
  label,
  onPick,
  onCreate,
  busy,
}: {
  label: string;
  onPick(board: BoardView): void;
  onCreate(name: string): Promise<void>;
  busy: boolean;
}) {
  const boards = useBoards();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={buttonClasses("secondary", "sm")} disabled={busy}>
          <FolderPlus aria-hidden className="size-4" />
          {label}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content side="top" sideOffset={8} className={menuContent}>
            {(boards.data?.boards ?? []).map((b) => (
              <DropdownMenu.Item key={b.id} className={menuItem} onSelect={() => onPick(b)}>
                <span className="truncate">{b.name}</span>
                <span className="ml-auto text-[11px] text-muted-subtle">{b.itemCount}</span>
              </DropdownMenu.Item>
            ))}
            {boards.data?.boards.length ? <DropdownMenu.Separator className="my-1 h-px bg-border" /> : null}
            <DropdownMenu.Item className={menuItem} onSelect={() => setNaming(true)}>
              <Plus aria-hidden className="size-3.5" />
              New board…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog
        open={naming}
        onOpenChange={(open) => {
          setNaming(open);
          setError(undefined);
        }}
        title="New board"
        description="The selected items go on it. An item can be on several boards."
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            onCreate(name.trim())
              .then(() => {
                setNaming(false);
                setName("");
              })
              .catch((err: unknown) =>
                setError(err instanceof Error ? err.message : "The board was not made."),
              );
          }}
        >
          <TextField
            id="new-board-name"
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error}
            autoFocus
            maxLength={80}
          />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setNaming(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={busy || name.trim() === ""}>
              Create and add
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
