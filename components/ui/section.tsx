"use client";

import { ChevronRight } from "lucide-react";
import { Collapsible } from "radix-ui";
import { type ReactNode, useState } from "react";
import { cn, focusRing } from "./cn";

interface SectionProps {
  title: string;
  /** A short summary shown beside the title while folded, e.g. "2 LoRAs". */
  summary?: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
  /** Marks the section when a field inside it has an error, and opens it. */
  invalid?: boolean;
}

/** A foldable group of form fields (Radix Collapsible); opens itself when it holds an error. */
export function Section({ title, summary, defaultOpen = false, children, invalid }: SectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  const shown = open || Boolean(invalid);
  return (
    <Collapsible.Root open={shown} onOpenChange={setOpen} className="border-border border-t first:border-t-0">
      <Collapsible.Trigger
        className={cn(
          "flex w-full items-center gap-2 py-3 text-left font-medium text-[13px] text-foreground",
          "rounded-control",
          focusRing,
        )}
      >
        <ChevronRight
          aria-hidden
          className={cn("size-4 shrink-0 text-muted transition-transform", shown && "rotate-90")}
        />
        <span>{title}</span>
        {invalid ? (
          <>
            <span aria-hidden className="size-1.5 rounded-full bg-danger" />
            <span className="sr-only">(has an error)</span>
          </>
        ) : null}
        {summary && !shown ? (
          <span className="ml-auto truncate font-normal text-[12px] text-muted-subtle">{summary}</span>
        ) : null}
      </Collapsible.Trigger>
      <Collapsible.Content className="flex flex-col gap-4 pb-4">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
