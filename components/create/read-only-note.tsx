"use client";

import { Eye } from "lucide-react";
import { useCan, useMemberRole } from "@/lib/client/auth/member-role";
import { ROLE_LABELS, roleFor } from "@/lib/studio/roles";

const NEEDED = ROLE_LABELS[roleFor("generate")].label.toLowerCase();

/** Beside a Generate that stays off: what it takes, in short. */
export const GENERATE_NEEDS = `Generating needs the ${NEEDED} role.`;

/** Why this member sees the Create forms read-only, or null when they may generate. */
export function useReadOnlyReason(): string | null {
  const role = useMemberRole();
  if (useCan("generate")) return null;
  return `${ROLE_LABELS[role].label}s can look at the forms but not generate: ask an owner for the ${NEEDED} role.`;
}

/** The Create screens' line for a member who may look but not generate. */
export function ReadOnlyNote({ reason }: { reason: string }) {
  return (
    <p
      role="status"
      data-testid="read-only-note"
      className="flex items-center gap-2 rounded-control border border-border-strong bg-panel-raised px-3 py-2 text-[13px] text-muted"
    >
      <Eye aria-hidden className="size-4 shrink-0 text-muted-subtle" />
      {reason}
    </p>
  );
}

/** The note where it applies: nothing for a member who may generate. */
export function ReadOnlyBanner() {
  const reason = useReadOnlyReason();
  return reason ? <ReadOnlyNote reason={reason} /> : null;
}
