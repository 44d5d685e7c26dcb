"use client";

import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Columns2, Download, Tag, Trash2, X } from "lucide-react";
import { DropdownMenu, Popover } from "radix-ui";
import { useState } from "react";
import { RequestApprovalButton } from "@/components/approvals/request-dialog";
import { Button, ButtonLink, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/dialog";
import { inputClasses } from "@/components/ui/field";
import { useCan } from "@/lib/client/auth/member-role";
import { useGallerySelection } from "@/lib/client/gallery/selection";
import { downloadZip, useCreateBoard, useRunBulk } from "@/lib/client/organize/actions";
import { removeGalleryItems } from "@/lib/client/stream/organize-changes";
import { compareUrl } from "@/lib/studio/api/gallery-urls";
import { normalizeTag, TAG_MAX_LENGTH } from "@/lib/studio/organize/organize";
import { REVIEW_STATE_LABELS, REVIEW_STATES, type ReviewState, TRASH_DAYS } from "@/lib/studio/review/review";
import { BoardMenu, menuContent, menuItem } from "./board-menu";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One action on the selection at a time, and the line that says how it went. */
function useBulkAct() {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  async function act(work: () => Promise<string>) {
    setBusy(true);
    try {
      setStatus({ text: await work() });
    } catch (err) {
      setStatus({ text: err instanceof Error ? err.message : "That did not work. Try again.", error: true });
    } finally {
      setBusy(false);
    }
  }
  return { busy, status, act };
}

/**
 * The actions on the gallery's selection (add to board, tag, review state, download, compare,
 * trash). The gallery page mounts it; it shows, fixed at the bottom, only while items are selected,
 * and offers only what the member's role may do.
 */
export function BulkBar() {
  const ids = useGallerySelection((s) => s.ids);
  const clear = useGallerySelection((s) => s.clear);
  const organize = useCan("organize");
  const review = useCan("review");
  const client = useQueryClient();
  const runBulk = useRunBulk();
  const createBoardCall = useCreateBoard();
  const { busy, status, act } = useBulkAct();
  const [confirmTrash, setConfirmTrash] = useState(false);
  const [tag, setTag] = useState("");

  if (ids.length === 0) return null;
  const count = plural(ids.length, "item");

  return (
    // Centred over the page, clear of the navigation rail (w-16, xl:w-60) on its left.
    <div className="pointer-events-none fixed right-4 bottom-4 left-20 z-30 flex justify-center xl:left-64">
      <div
        role="toolbar"
        aria-label="Selected items"
        className="pointer-events-auto flex w-fit max-w-full flex-wrap items-center gap-2 rounded-panel border border-border-strong bg-panel-raised/95 px-3 py-2 shadow-panel"
      >
        <span className="px-2 font-medium text-[13px] text-foreground" data-testid="selection-count">
          {ids.length} selected
        </span>
        <span aria-hidden className="h-5 w-px bg-border-strong" />
        {organize ? (
          <BoardMenu
            label="Add to board"
            busy={busy}
            onPick={(board) =>
              void act(async () => {
                await runBulk({ itemIds: ids, action: "board.add", boardId: board.id });
                return `Added ${count} to ${board.name}.`;
              })
            }
            onCreate={async (name) => {
              const { board } = await createBoardCall({ name });
              await act(async () => {
                await runBulk({ itemIds: ids, action: "board.add", boardId: board.id });
                return `Added ${count} to the new board ${board.name}.`;
              });
            }}
          />
        ) : null}
        {organize ? (
          <TagPopover
            busy={busy}
            tag={tag}
            setTag={setTag}
            onAdd={(value) =>
              void act(async () => {
                await runBulk({ itemIds: ids, action: "tag.add", tag: value });
                setTag("");
                return `Tagged ${count} “${value}”.`;
              })
            }
            onRemove={(value) =>
              void act(async () => {
                await runBulk({ itemIds: ids, action: "tag.remove", tag: value });
                return `Removed “${value}” from ${count}.`;
              })
            }
          />
        ) : null}
        {organize ? (
          <RequestApprovalButton target={{ itemIds: ids }} defaultTitle={`Review of ${count}`} />
        ) : null}
        {review ? (
          <ReviewStateMenu
            busy={busy}
            onPick={(state) =>
              void act(async () => {
                await runBulk({ itemIds: ids, action: "state", state });
                return `Moved ${count} to ${REVIEW_STATE_LABELS[state]}.`;
              })
            }
          />
        ) : null}
        <Button
          size="sm"
          disabled={busy}
          onClick={() =>
            void act(async () => {
              await downloadZip(ids);
              return `Downloading ${count} as a zip.`;
            })
          }
        >
          <Download aria-hidden className="size-4" />
          Download zip
        </Button>
        {ids.length >= 2 && ids.length <= 4 ? (
          <ButtonLink size="sm" href={compareUrl(ids)}>
            <Columns2 aria-hidden className="size-4" />
            Compare
          </ButtonLink>
        ) : null}
        {organize ? (
          <Button size="sm" disabled={busy} onClick={() => setConfirmTrash(true)}>
            <Trash2 aria-hidden className="size-4" />
            Move to trash
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={clear} aria-label="Clear the selection">
          <X aria-hidden className="size-4" />
          Clear
        </Button>
        <p
          aria-live="polite"
          className={
            status?.error ? "w-full px-2 text-[12px] text-danger-fg" : "w-full px-2 text-[12px] text-muted"
          }
          hidden={!status}
        >
          {status?.text}
        </p>
        <Dialog
          open={confirmTrash}
          onOpenChange={setConfirmTrash}
          title={`Move ${count} to the trash?`}
          description={`They leave the gallery for everyone. An owner can restore them for ${TRASH_DAYS} days; after that they are deleted for good.`}
        >
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirmTrash(false)}>
              Cancel
            </Button>
            <Button
              variant="primary"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  const trashed = [...ids];
                  await runBulk({ itemIds: trashed, action: "trash" });
                  removeGalleryItems(client, trashed);
                  setConfirmTrash(false);
                  clear();
                  return `Moved ${plural(trashed.length, "item")} to the trash.`;
                })
              }
            >
              Move to trash
            </Button>
          </div>
        </Dialog>
      </div>
    </div>
  );
}

/** Adds a tag to the selection, or removes it from every selected item. */
function TagPopover({
  busy,
  tag,
  setTag,
  onAdd,
  onRemove,
}: {
  busy: boolean;
  tag: string;
  setTag: (tag: string) => void;
  onAdd: (tag: string) => void;
  onRemove: (tag: string) => void;
}) {
  return (
    <Popover.Root>
      <Popover.Trigger className={buttonClasses("secondary", "sm")} disabled={busy}>
        <Tag aria-hidden className="size-4" />
        Tag
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content side="top" sideOffset={8} className={`${menuContent} w-72 p-3`}>
          <form
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              const value = normalizeTag(tag);
              if (!value) return;
              onAdd(value);
            }}
          >
            <label htmlFor="bulk-tag" className="font-medium text-[13px] text-foreground">
              Tag the selection
            </label>
            <input
              id="bulk-tag"
              value={tag}
              maxLength={TAG_MAX_LENGTH}
              onChange={(e) => setTag(e.target.value)}
              placeholder="hero shot"
              className={cn(inputClasses, "h-9")}
            />
            <div className="flex justify-end gap-2">
              <Button
                size="sm"
                variant="ghost"
                disabled={busy || !normalizeTag(tag)}
                onClick={() => {
                  const value = normalizeTag(tag);
                  onRemove(value);
                }}
              >
                Remove tag
              </Button>
              <Button size="sm" type="submit" variant="primary" disabled={busy || !normalizeTag(tag)}>
                Add tag
              </Button>
            </div>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function ReviewStateMenu({ busy, onPick }: { busy: boolean; onPick: (state: ReviewState) => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClasses("secondary", "sm")} disabled={busy}>
        <CheckCircle2 aria-hidden className="size-4" />
        Review state
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content side="top" sideOffset={8} className={menuContent}>
          {REVIEW_STATES.map((state) => (
            <DropdownMenu.Item key={state} className={menuItem} onSelect={() => onPick(state)}>
              {REVIEW_STATE_LABELS[state]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
