"use client";

import { ImageOff, LoaderCircle, Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/dialog";
import { inputClasses } from "@/components/ui/field";
import { promptForPeople } from "@/lib/client/create/prompt-words";
import { usePickableImages } from "@/lib/client/gallery-pick/use-pickable";
import { thumbUrl } from "@/lib/studio/api/gallery-urls";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";

/** Columns of the picker's grid: the arrow keys move by one, or by a row. */
const COLUMNS = 6;

const dateFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric" });

/**
 * Picks one image of the team's gallery, newest first: type to search the prompts, arrows to
 * move, Enter to take it. The one picker every image input opens.
 */
export function GalleryPicker({
  open,
  onOpenChange,
  target,
  onPick,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** What the image will be, as the form names it ("Source image"). */
  target: string;
  onPick(item: GalleryItem): void;
}) {
  const [words, setWords] = useState("");
  const [active, setActive] = useState(0);
  const images = usePickableImages(words, open);
  const items = images.data?.items ?? [];
  const listId = useId();
  const grid = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) setWords("");
  }, [open]);
  // A new list starts at its first image.
  const [shownList, setShownList] = useState(images.data);
  if (shownList !== images.data) {
    setShownList(images.data);
    setActive(0);
  }
  useEffect(() => {
    grid.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const choose = (item: GalleryItem | undefined) => {
    if (!item) return;
    onPick(item);
    onOpenChange(false);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const last = items.length - 1;
    const move = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS }[e.key];
    if (move !== undefined && last >= 0) {
      e.preventDefault();
      setActive((a) => Math.min(last, Math.max(0, a + move)));
    } else if (e.key === "Enter") {
      e.preventDefault();
      choose(items[active]);
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${target}: pick from the gallery`}
      description="The team's images, newest first. Type to search their prompts; arrows move, Enter picks."
      className="w-[min(54rem,calc(100vw-2rem))]"
    >
      <div className="flex flex-col gap-3">
        <div className="relative">
          <Search
            aria-hidden
            className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-subtle"
          />
          <input
            type="search"
            aria-label="Search the gallery's prompts"
            placeholder="Search prompts…"
            value={words}
            onChange={(e) => setWords(e.target.value)}
            onKeyDown={onKeyDown}
            role="combobox"
            aria-expanded
            aria-controls={listId}
            aria-activedescendant={items.length > 0 ? optionId(active) : undefined}
            autoFocus
            className={cn(inputClasses, "pl-8")}
          />
        </div>
        {images.isPending ? (
          <p className="flex items-center gap-2 py-10 text-[13px] text-muted" aria-live="polite">
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
            Loading the gallery…
          </p>
        ) : items.length === 0 ? (
          <p className="flex flex-col items-center gap-2 py-10 text-center text-[13px] text-muted">
            <ImageOff aria-hidden className="size-5" />
            {words.trim() ? "No image's prompt matches these words." : "The gallery has no images yet."}
          </p>
        ) : (
          <div
            ref={grid}
            id={listId}
            role="listbox"
            aria-label="Gallery images"
            data-testid="gallery-picker"
            className="grid gap-2"
            style={{ gridTemplateColumns: `repeat(${COLUMNS}, minmax(0, 1fr))` }}
          >
            {items.map((item, i) => {
              const prompt = promptForPeople(item.prompt) ?? "Untitled image";
              return (
                <div
                  key={item.id}
                  id={optionId(i)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  aria-label={`${prompt}, ${item.width ?? "?"} × ${item.height ?? "?"}`}
                  data-index={i}
                  title={prompt}
                  onClick={() => choose(item)}
                  onKeyDown={onKeyDown}
                  onMouseEnter={() => setActive(i)}
                  className={cn(
                    "group flex cursor-pointer flex-col gap-1 rounded-control border p-1 text-left transition-colors",
                    focusRing,
                    i === active
                      ? "border-accent-strong bg-accent/10"
                      : "border-transparent hover:bg-panel-hover",
                  )}
                >
                  <span className="block aspect-square overflow-hidden rounded-[6px] bg-surface-sunken">
                    {/* biome-ignore lint/performance/noImgElement: studio thumbnails come from our own route. */}
                    <img
                      src={thumbUrl(item.id, 320)}
                      alt=""
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  </span>
                  <span className="truncate px-0.5 text-[11px] text-muted">{prompt}</span>
                  <span className="px-0.5 text-[10.5px] text-muted-subtle tabular-nums">
                    {dateFormat.format(new Date(item.createdAt))} · {item.width}×{item.height}
                  </span>
                </div>
              );
            })}
          </div>
        )}
      </div>
    </Dialog>
  );
}
