"use client";

import { Check, Copy } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";

/**
 * Copies the input's text. The Clipboard API exists only on secure origins (HTTPS, localhost);
 * a team on `http://192.168.x.y` gets the older copy command on the selected text instead.
 */
async function copyFrom(input: HTMLInputElement): Promise<boolean> {
  if (navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(input.value);
      return true;
    } catch {
      // Refused (no permission, page not focused): fall through to the copy command.
    }
  }
  input.focus();
  input.select();
  return document.execCommand("copy");
}

/** A value to pass on (a link, a key) with a copy button that says whether the copy worked. */
export function CopyField({
  id,
  label,
  value,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  hint?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  // Which value the last copy was of: a new value (another link) shows "Copy" again.
  const [copy, setCopy] = useState<{ value: string; ok: boolean } | null>(null);
  const state = copy?.value !== value ? "idle" : copy.ok ? "copied" : "failed";
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-[13px] text-foreground">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          className={`${inputClasses} font-mono text-[12.5px]`}
          onFocus={(e) => e.target.select()}
        />
        <Button
          variant="secondary"
          aria-label={`Copy ${label.toLowerCase()}`}
          onClick={async () => {
            const ok = input.current ? await copyFrom(input.current) : false;
            setCopy({ value, ok });
          }}
        >
          {state === "copied" ? <Check /> : <Copy />}
          {state === "copied" ? "Copied" : "Copy"}
        </Button>
      </div>
      {state === "failed" ? (
        <p role="status" className="text-muted text-xs">
          This browser did not allow copying: the link is selected, press Ctrl+C (⌘C on a Mac).
        </p>
      ) : hint ? (
        <p className="text-muted-subtle text-xs">{hint}</p>
      ) : null}
    </div>
  );
}
