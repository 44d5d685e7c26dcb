"use client";

import { useState } from "react";
import { KnownModelNames } from "@/components/create/model-name";
import { Providers } from "@/components/providers";
import { GuestItem } from "@/components/review/guest-item";
import { ItemThumb } from "@/components/review/item-thumb";
import { Button } from "@/components/ui/button";
import { call } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import type { SharedItem, SharedView } from "@/lib/studio/api/share";
import type { ViewerScope } from "@/lib/studio/share/share-scope";

const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric" });

/**
 * What a share link shows: one item in the viewer, or a board's grid whose items open in it one
 * at a time; always in the link's guest scope.
 */
export function SharedLink({
  token,
  initial,
  modelNames = {},
}: {
  token: string;
  initial: SharedView;
  /** Catalogue names of the models the items use, by AIR id. */
  modelNames?: Readonly<Record<string, string>>;
}) {
  const scope: ViewerScope = {
    kind: "guest",
    allowComments: initial.allowComments,
    showParams: initial.showParams,
  };
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
    <Providers>
      <KnownModelNames.Provider value={modelNames}>
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
            <div className="min-w-0 flex-1">
              <h1 className="font-semibold text-[26px] text-foreground tracking-tight">{initial.title}</h1>
              {initial.description ? (
                <p className="mt-1 text-[15px] text-muted">{initial.description}</p>
              ) : null}
              {initial.expiresAt ? (
                <p className="mt-1 text-[12px] text-muted-subtle">
                  This link works until {dateFormat.format(new Date(initial.expiresAt))}.
                </p>
              ) : null}
            </div>
            {initial.kind === "board" && open ? (
              <Button size="sm" onClick={() => setOpen(null)}>
                Back to the board
              </Button>
            ) : null}
          </div>
          {open?.held ? <HeldNote /> : null}
          {open ? (
            <GuestItem key={open.id} token={token} item={open} scope={scope} />
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
                    <ItemThumb
                      itemId={item.id}
                      url={item.mediaUrl}
                      src={item.mediaUrl}
                      kind={item.held ? "image" : item.kind}
                      alt={item.prompt ?? (item.kind === "video" ? "Shared video" : "Shared image")}
                      className="object-contain"
                    />
                    {item.held ? (
                      <span className="absolute top-2 left-2 rounded-full bg-surface/90 px-2 py-0.5 text-[12px] text-foreground shadow-sm">
                        Preview
                      </span>
                    ) : null}
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
      </KnownModelNames.Provider>
    </Providers>
  );
}

/** Said over an item a request still holds: what the guest sees now and when that changes. */
function HeldNote() {
  return (
    <p
      role="note"
      className="rounded-card border border-border bg-surface-sunken px-3 py-2 text-[14px] text-muted"
    >
      Waiting for the team's approval: this is a preview. The full-size original shows here once it is
      approved.
    </p>
  );
}
