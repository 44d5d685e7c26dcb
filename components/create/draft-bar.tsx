"use client";

import { CloudCheck, CloudOff, CloudUpload, Link2, RotateCcw, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { type DraftStatus, setupLink } from "@/lib/client/create/use-draft";

const time = (at: number) => new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

function statusWords(status: DraftStatus): { icon: typeof CloudCheck; text: string } {
  switch (status.kind) {
    case "none":
      return { icon: CloudCheck, text: "Your changes are saved as a draft as you type." };
    case "saving":
      return { icon: CloudUpload, text: "Saving draft…" };
    case "saved":
      return { icon: CloudCheck, text: `Draft saved at ${time(status.at)}, on this and your other devices.` };
    case "newerElsewhere":
      return { icon: CloudOff, text: "A newer draft from another tab or device is saved; reload to see it." };
    case "newerOpened":
      return { icon: CloudCheck, text: "A newer draft from another tab or device was opened." };
    case "failed":
      return {
        icon: CloudOff,
        text: "Draft not saved: the studio could not be reached. It is saved at your next change.",
      };
    case "cleared":
      return { icon: Trash2, text: "Draft cleared." };
    case "setup":
      return {
        icon: Users,
        text: `${status.author ? `${status.author}'s setup` : "A shared setup"}. Your own draft is kept until you change something.`,
      };
  }
}

/**
 * Where a Create form says its draft stands, with "Clear draft", "Restore" and "Copy link to this
 * setup" (a frozen copy of the form a teammate opens).
 */
export function DraftBar({
  slug,
  status,
  onClear,
  onRestore,
  disabled,
  values,
  canClear = false,
}: {
  slug: string;
  status: DraftStatus;
  onClear(): void;
  onRestore(): void;
  disabled: boolean;
  /** What the link freezes, where the page keeps it outside a form (the canvas's settings). */
  values?: () => Record<string, unknown>;
  /** "Clear draft" offered whatever the status says (a page whose draft is kept elsewhere). */
  canClear?: boolean;
}) {
  const form = useFormContext();
  const [link, setLink] = useState<{ url: string; copied: boolean } | { error: string } | null>(null);
  const { icon: Icon, text } = statusWords(status);
  const copy = async () => {
    try {
      const url = await setupLink(slug, values ? values() : (form.getValues() as Record<string, unknown>));
      const copied = await navigator.clipboard?.writeText(url).then(
        () => true,
        () => false,
      );
      setLink({ url, copied: Boolean(copied) });
    } catch {
      setLink({ error: "The link could not be made: the studio could not be reached." });
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-control border border-border bg-panel px-3 py-2">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p
          role="status"
          data-testid="draft-status"
          className="flex min-w-0 items-center gap-2 text-[13px] text-muted"
        >
          <Icon aria-hidden className="size-4 shrink-0 text-muted-subtle" />
          <span>{text}</span>
        </p>
        <div className="flex flex-wrap items-center gap-1">
          {status.kind === "cleared" || status.kind === "setup" ? (
            <Button size="sm" variant="ghost" onClick={onRestore} disabled={disabled}>
              <RotateCcw aria-hidden />
              {status.kind === "setup" ? "Restore my draft" : "Restore"}
            </Button>
          ) : null}
          {canClear ||
          status.kind === "saved" ||
          status.kind === "newerElsewhere" ||
          status.kind === "newerOpened" ||
          status.kind === "failed" ? (
            <Button size="sm" variant="ghost" onClick={onClear} disabled={disabled}>
              <Trash2 aria-hidden />
              Clear draft
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => void copy()}>
            <Link2 aria-hidden />
            Copy link to this setup
          </Button>
        </div>
      </div>
      {link ? (
        "error" in link ? (
          <p role="alert" className="text-[12px] text-danger-fg">
            {link.error}
          </p>
        ) : (
          <div className="flex flex-wrap items-center gap-2 text-[12px] text-muted-subtle">
            <span>
              {link.copied
                ? "Link copied. Teammates who open it get this form as it is now:"
                : "Copy this link for your teammates:"}
            </span>
            <input
              readOnly
              aria-label="Link to this setup"
              value={link.url}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-control border border-border bg-surface-sunken px-2 py-1 font-mono text-[12px] text-foreground"
            />
          </div>
        )
      ) : null}
    </div>
  );
}
