"use client";

import { inputClasses } from "@/components/ui/field";
import { APPROVAL_LIMITS } from "@/lib/studio/approvals/approvals";

/** The optional address a guest reviewer's link is mailed to, where a guest is named. */
export function GuestEmailInput({
  label,
  value,
  onChange,
  onEnter,
}: {
  label: string;
  value: string;
  onChange: (email: string) => void;
  onEnter?: (e: React.KeyboardEvent<HTMLInputElement>) => void;
}) {
  return (
    <input
      aria-label={label}
      placeholder="Their email (optional)"
      type="email"
      className={inputClasses}
      value={value}
      maxLength={APPROVAL_LIMITS.guestEmailMax}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onEnter}
    />
  );
}
