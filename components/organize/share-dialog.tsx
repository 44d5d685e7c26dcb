"use client";

import { Share2 } from "lucide-react";
import { useId, useState } from "react";
import { CopyField } from "@/components/settings/copy-field";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";

const EXPIRIES = [
  { value: "1", label: "In 1 day" },
  { value: "7", label: "In 7 days" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In a year" },
  { value: "never", label: "Never (until revoked)" },
] as const;

/**
 * "Share…": a link to one item or one board for people without an account, read-only or taking
 * comments, with or without the prompt and parameters, with an expiry. The link is shown (and
 * copied) only right after it is made; Settings lists links to revoke.
 */
export function ShareDialog({
  itemId,
  boardId,
  variant = "secondary",
}: {
  itemId?: string;
  boardId?: string;
  /** How the "Share…" button looks where it sits. */
  variant?: "secondary" | "ghost";
}) {
  const id = useId();
  const createLink = useEndpointMutation(api.shareLinks.create);
  const [open, setOpen] = useState(false);
  const [allowComments, setAllowComments] = useState(false);
  // Off until asked for: a prompt can say more than the picture its maker meant to share.
  const [showParams, setShowParams] = useState(false);
  const [expiry, setExpiry] = useState<string>("30");
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const what = boardId ? "board" : "item";

  async function create() {
    setBusy(true);
    setError(undefined);
    try {
      const made = await createLink.mutateAsync({
        body: {
          ...(boardId ? { boardId } : { itemId }),
          allowComments,
          showParams,
          expiresInDays: expiry === "never" ? null : Number(expiry),
        },
      });
      setUrl(made.url);
    } catch (err) {
      setError(err instanceof Error ? err.message : "The link was not made.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="sm" variant={variant} onClick={() => setOpen(true)}>
        <Share2 aria-hidden className="size-4" />
        Share…
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setUrl(null);
        }}
        title={boardId ? "Share this board" : "Share this item"}
        description={`People with the link see this ${what} only: not the rest of the gallery, not the team's members.`}
      >
        {url ? (
          <div className="flex flex-col gap-3">
            <CopyField id={`${id}-url`} label="Share link" value={url} />
            <p className="text-muted-subtle text-xs">
              Copy it now: the studio keeps only a fingerprint of it and cannot show it again. Revoke it any
              time in Settings, under Share links.
            </p>
            <div className="flex justify-end">
              <Button variant="primary" onClick={() => setOpen(false)}>
                Done
              </Button>
            </div>
          </div>
        ) : (
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void create();
            }}
          >
            <div className="flex items-center justify-between gap-4">
              <label htmlFor={`${id}-comments`} className="text-[13px] text-foreground">
                Guests can comment
                <span className="block text-muted-subtle text-xs">
                  Under a name they give. Only the team reads them; each guest sees just their own comments
                  and the team's replies to them.
                </span>
              </label>
              <Switch id={`${id}-comments`} checked={allowComments} onChange={setAllowComments} />
            </div>
            <div className="flex items-center justify-between gap-4">
              <label htmlFor={`${id}-params`} className="text-[13px] text-foreground">
                Show the prompt and settings
                <span className="block text-muted-subtle text-xs">
                  Off: guests see only the image or video.
                </span>
              </label>
              <Switch id={`${id}-params`} checked={showParams} onChange={setShowParams} />
            </div>
            <div className="flex items-center justify-between gap-4">
              <label htmlFor={`${id}-expiry`} className="text-[13px] text-foreground">
                The link stops working
              </label>
              <Select
                id={`${id}-expiry`}
                value={expiry}
                onChange={(e) => setExpiry(e.target.value)}
                className="w-52"
              >
                {EXPIRIES.map((e) => (
                  <option key={e.value} value={e.value}>
                    {e.label}
                  </option>
                ))}
              </Select>
            </div>
            <FormError>{error}</FormError>
            <div className="flex justify-end gap-2">
              <Button variant="ghost" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="primary" disabled={busy}>
                Create link
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
