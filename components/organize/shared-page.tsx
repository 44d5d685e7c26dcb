"use client";

import { useEffect, useRef, useState } from "react";
import { MarkLayer } from "@/components/marks/mark-layer";
import { MarkToolbar } from "@/components/marks/mark-toolbar";
import { Button } from "@/components/ui/button";
import { wholeMedia } from "@/components/ui/whole-media";
import { labelOf } from "@/lib/client/create/field-labels";
import { call } from "@/lib/client/endpoint-client";
import { playBetween } from "@/lib/client/play-range";
import { useViewerStore } from "@/lib/client/viewer-store";
import { api } from "@/lib/studio/api";
import type { GuestComment, SharedItem, SharedView } from "@/lib/studio/api/share";
import { GuestComments } from "./guest-comments";

const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric" });

function Media({
  item,
  large,
  videoRef,
}: {
  item: SharedItem;
  large?: boolean;
  videoRef?: React.Ref<HTMLVideoElement>;
}) {
  const label = item.prompt ?? (item.kind === "video" ? "Shared video" : "Shared image");
  return item.kind === "image" ? (
    // biome-ignore lint/performance/noImgElement: media is served through the share link's own route.
    <img
      src={item.mediaUrl}
      alt={label}
      width={item.width ?? undefined}
      height={item.height ?? undefined}
      // Large, the image's box is the image itself (no letterbox), so marks over it line up.
      className={large ? "block h-auto max-h-[70dvh] w-full" : wholeMedia}
    />
  ) : (
    // biome-ignore lint/a11y/useMediaCaption: generated videos have no dialogue to caption.
    <video
      ref={videoRef}
      src={item.mediaUrl}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
      className={large ? "block max-h-[70dvh] w-full" : wholeMedia}
    />
  );
}

function valueText(value: unknown): string {
  if (Array.isArray(value))
    return value
      .map((v) =>
        v && typeof v === "object" && "model" in v
          ? `${String((v as { model: unknown }).model)}${(v as { weight?: unknown }).weight != null ? ` × ${String((v as { weight: unknown }).weight)}` : ""}`
          : String(v),
      )
      .join(", ");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** A model by its name, the AIR id beside it; the id alone when no catalogue names it. */
function SharedModel({ air, names }: { air: string; names: Readonly<Record<string, string>> }) {
  const name = names[air];
  return name ? (
    <span data-testid="shared-model">
      <span className="font-sans text-[13px]">{name}</span>{" "}
      <span className="text-[11px] text-muted-subtle">{air}</span>
    </span>
  ) : (
    <span data-testid="shared-model">{air}</span>
  );
}

function modelValue(key: string, value: unknown, names: Readonly<Record<string, string>>) {
  if (key === "model" && typeof value === "string") return <SharedModel air={value} names={names} />;
  if (key !== "lora" || !Array.isArray(value)) return null;
  return value.map((l, i) => {
    const { model, weight } = (l ?? {}) as { model?: unknown; weight?: unknown };
    return typeof model === "string" ? (
      <span key={model} className="block">
        <SharedModel air={model} names={names} />
        {weight != null ? ` × ${String(weight)}` : ""}
        {i < value.length - 1 ? "," : ""}
      </span>
    ) : null;
  });
}

function Params({ item, modelNames }: { item: SharedItem; modelNames: Readonly<Record<string, string>> }) {
  if (!item.params) return null;
  // The task's kind is the page's business, not a setting a guest reads.
  const rows = Object.entries(item.params).filter(([k, v]) => k !== "taskType" && v !== null && v !== "");
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-[13px]">
      {rows.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-muted-subtle">{key === "lora" ? "LoRAs" : labelOf(key)}</dt>
          <dd className="break-all font-mono text-[12px] text-foreground">
            {modelValue(key, value, modelNames) ?? valueText(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The large media's box: as wide as the page allows and no taller than 70% of the screen, in the
 * media's own proportions, so the box is the picture itself (marks over it line up) however small
 * the picture was made.
 */
function fitted(item: SharedItem): React.CSSProperties | undefined {
  if (!item.width || !item.height) return undefined;
  return {
    aspectRatio: `${item.width} / ${item.height}`,
    width: `min(100%, calc(70dvh * ${item.width / item.height}))`,
  };
}

/** One shared item, large, with its prompt and settings when the link shows them, and comments. */
function ItemDetail({
  token,
  item,
  allowComments,
  modelNames,
}: {
  token: string;
  item: SharedItem;
  allowComments: boolean;
  modelNames: Readonly<Record<string, string>>;
}) {
  const [selected, setSelected] = useState<GuestComment | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const drawing = useViewerStore((s) => s.drawing);
  const draftMarks = useViewerStore((s) => s.draftMarks);
  const setViewerItem = useViewerStore((s) => s.setItem);
  // Marks being drawn belong to this item: another one opened starts with none.
  useEffect(() => {
    setViewerItem(item.id);
  }, [item.id, setViewerItem]);
  // Marks are drawn on a still frame.
  useEffect(() => {
    if (drawing) video.current?.pause();
  }, [drawing]);
  const writing = drawing || draftMarks.length > 0;
  const stopRange = useRef<() => void>(() => undefined);
  const select = (comment: GuestComment | null) => {
    setSelected(comment);
    const pin = comment?.pin;
    const v = video.current;
    if (!v || !pin || !("seconds" in pin)) return;
    stopRange.current();
    if (pin.endSeconds !== undefined)
      stopRange.current = playBetween(v, pin.seconds, pin.endSeconds, () => undefined);
    else {
      v.pause();
      v.currentTime = pin.seconds;
    }
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div
        className="relative flex items-center justify-center overflow-hidden rounded-panel border border-border bg-surface-sunken"
        data-testid="shared-item"
      >
        {drawing ? <MarkToolbar /> : null}
        <div className="relative max-w-full" style={fitted(item)}>
          <Media item={item} large videoRef={video} />
          <MarkLayer
            marks={writing ? draftMarks : (selected?.marks ?? [])}
            drawing={drawing}
            label={writing ? "The marks being drawn" : `Marks of ${selected?.authorName ?? "a"}'s comment`}
          />
        </div>
      </div>
      <aside className="flex flex-col gap-5">
        {item.prompt !== undefined ? (
          <section className="flex flex-col gap-2 rounded-card border border-border bg-panel p-4">
            <h2 className="font-medium text-[13px] text-muted">Prompt</h2>
            <p className="text-[14px] text-foreground leading-relaxed" data-testid="shared-prompt">
              {item.prompt || "No prompt"}
            </p>
            <h2 className="mt-2 font-medium text-[13px] text-muted">Settings</h2>
            <Params item={item} modelNames={modelNames} />
          </section>
        ) : null}
        <p className="text-[12px] text-muted-subtle">Made {dateFormat.format(new Date(item.createdAt))}</p>
        {allowComments ? (
          <GuestComments
            token={token}
            itemId={item.id}
            kind={item.kind}
            moment={() => video.current?.currentTime ?? null}
            selectedId={selected?.id ?? null}
            onSelect={select}
          />
        ) : null}
      </aside>
    </div>
  );
}

/** What a share link shows: one item, or a board's grid whose items open one at a time. */
export function SharedPage({
  token,
  initial,
  modelNames = {},
}: {
  token: string;
  initial: SharedView;
  /** Catalogue names of the models the items use, by AIR id. */
  modelNames?: Readonly<Record<string, string>>;
}) {
  const [items, setItems] = useState(initial.items);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [open, setOpen] = useState<SharedItem | null>(
    initial.kind === "item" ? (initial.items[0] ?? null) : null,
  );
  const [loading, setLoading] = useState(false);

  async function more() {
    if (!cursor) return;
    setLoading(true);
    const data = await call(api.share.get, { params: { token }, query: { cursor } }).catch(() => null);
    if (data) {
      setItems((prev) => [...prev, ...data.items]);
      setCursor(data.nextCursor);
    }
    setLoading(false);
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="font-semibold text-[26px] text-foreground tracking-tight">{initial.title}</h1>
        {initial.description ? <p className="mt-1 text-[15px] text-muted">{initial.description}</p> : null}
        {initial.expiresAt ? (
          <p className="mt-1 text-[12px] text-muted-subtle">
            This link works until {dateFormat.format(new Date(initial.expiresAt))}.
          </p>
        ) : null}
      </div>
      {initial.kind === "board" && open ? (
        <Button size="sm" className="self-start" onClick={() => setOpen(null)}>
          Back to the board
        </Button>
      ) : null}
      {open ? (
        <ItemDetail token={token} item={open} allowComments={initial.allowComments} modelNames={modelNames} />
      ) : items.length === 0 ? (
        <p className="text-[14px] text-muted">This board is empty.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4" aria-label="Shared items">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                data-testid="shared-card"
                onClick={() => setOpen(item)}
                className="relative block aspect-square w-full overflow-hidden rounded-card border border-border bg-surface-sunken transition-colors hover:border-border-strong"
              >
                <Media item={item} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {!open && cursor ? (
        <Button className="self-center" disabled={loading} onClick={() => void more()}>
          Show more
        </Button>
      ) : null}
    </div>
  );
}
