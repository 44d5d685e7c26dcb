import type { ComponentProps } from "react";
import { cn } from "./cn";

export type BadgeTone = "neutral" | "accent" | "success";

const tones: Record<BadgeTone, string> = {
  neutral: "border-border-strong bg-panel-raised text-muted",
  accent: "border-accent/30 bg-accent/10 text-accent-fg",
  success: "border-success/30 bg-success/10 text-success-fg",
};

export function Badge({
  tone = "neutral",
  className,
  ...props
}: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-2.5 py-0.5 font-medium text-xs",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}

/** A request field or value, set in mono: `seedImage`, `outpaint`. */
export function CodeChip({ className, ...props }: ComponentProps<"code">) {
  return (
    <code
      className={cn(
        "rounded-md border border-border bg-surface-sunken px-1.5 py-0.5 font-mono text-[11.5px] text-muted",
        className,
      )}
      {...props}
    />
  );
}
