"use client";

import { Tabs } from "radix-ui";
import { type ReactNode, useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { ApiReference } from "./api-reference";

type Part = "http" | "stream";

const PARTS: { value: Part; label: string }[] = [
  { value: "http", label: "HTTP endpoints" },
  { value: "stream", label: "Live stream" },
];

/**
 * The reference's two parts: the HTTP endpoints (Swagger UI) and the live stream. Swagger UI stays
 * mounted while the stream is shown: drawing it again takes seconds, and it owns a class on
 * `<html>` for as long as it lives.
 */
export function ReferenceTabs({ stream }: { stream: ReactNode }) {
  const [part, setPart] = useState<Part>("http");
  return (
    <Tabs.Root value={part} onValueChange={(v) => setPart(v as Part)} className="flex flex-col gap-5">
      <Tabs.List aria-label="Reference" className="flex gap-1 border-border border-b">
        {PARTS.map((p) => (
          <Tabs.Trigger
            key={p.value}
            value={p.value}
            className={cn(
              "-mb-px rounded-t-control border-transparent border-b-2 px-3 py-2 font-medium text-[13px] text-muted",
              "transition-colors hover:text-foreground data-[state=active]:border-accent data-[state=active]:text-foreground",
              focusRing,
            )}
          >
            {p.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="http" forceMount className="outline-none data-[state=inactive]:hidden">
        <ApiReference />
      </Tabs.Content>
      <Tabs.Content value="stream" className="outline-none">
        {stream}
      </Tabs.Content>
    </Tabs.Root>
  );
}
