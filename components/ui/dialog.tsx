"use client";

import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useEffect } from "react";
import { cn, focusRing } from "./cn";

/**
 * How many dialogs are open now. Page shortcuts ask before opening one of their own, so a
 * dialog never opens over another.
 */
let openDialogs = 0;

/** Whether a dialog or sheet is open on the page. */
export function isDialogOpen(): boolean {
  return openDialogs > 0;
}

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** `sheet` slides in from the right edge, for drawers such as the queue. */
  variant?: "center" | "sheet";
  className?: string;
}

/** A modal dialog or side sheet (Radix Dialog: focus trap, Escape, scroll lock, labelled). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  variant = "center",
  className,
}: DialogProps) {
  useEffect(() => {
    if (!open) return;
    openDialogs++;
    return () => {
      openDialogs--;
    };
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/65" />
        <RadixDialog.Content
          className={cn(
            "fixed z-50 flex flex-col border border-border-strong bg-panel shadow-panel outline-none",
            variant === "center"
              ? "top-1/2 left-1/2 max-h-[85dvh] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-panel"
              : "inset-y-0 right-0 w-[min(28rem,100vw)] border-y-0 border-r-0",
            className,
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
          // Keys typed in a dialog belong to it: the page's own shortcuts (listening on window)
          // must not act behind it. Escape still closes it (Radix listens on the document first).
          onKeyDown={(e) => e.stopPropagation()}
        >
          <header className="flex items-start justify-between gap-4 border-border border-b px-5 py-4">
            <div className="min-w-0">
              <RadixDialog.Title className="font-semibold text-base text-foreground">
                {title}
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-[13px] text-muted">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              aria-label="Close"
              className={cn(
                "rounded-control p-1.5 text-muted hover:bg-panel-raised hover:text-foreground",
                focusRing,
              )}
            >
              <X aria-hidden className="size-4" />
            </RadixDialog.Close>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
