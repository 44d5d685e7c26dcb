"use client";

import { useId } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { usePresence } from "@/lib/client/presence/use-presence";
import { initials, memberHue, PRESENCE_SHOWN, type PresentMember } from "@/lib/studio/presence/presence";

/** A name shown under its avatar while the pointer is on it or it has the keyboard's focus. */
function Tip({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <span
      role="tooltip"
      id={id}
      className="pointer-events-none invisible absolute top-full right-0 z-30 mt-1.5 whitespace-nowrap rounded-control border border-border-strong bg-panel-raised px-2 py-1 font-medium text-[12px] text-foreground opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
    >
      {children}
    </span>
  );
}

const chip =
  "grid size-7 cursor-default place-items-center rounded-full border-2 border-surface font-semibold text-[11px] leading-none";

function Avatar({ member }: { member: PresentMember }) {
  const tip = useId();
  const hue = memberHue(member.userId);
  return (
    <li className="group relative -ml-1.5 first:ml-0">
      <span
        role="img"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the name, as hover does
        tabIndex={0}
        aria-label={member.name}
        aria-describedby={tip}
        data-user-id={member.userId}
        className={cn(chip, "text-white", focusRing)}
        style={{ backgroundColor: `hsl(${hue} 55% 38%)` }}
      >
        {initials(member.name)}
      </span>
      <Tip id={tip}>{member.name}</Tip>
    </li>
  );
}

/**
 * The other members on the same page now, as Figma shows them: an avatar each (initials, their
 * colour, the name on hover or focus), a few at most and "+N" for the rest. Nothing while alone.
 */
export function PresenceAvatars({ on, className }: { on: string; className?: string }) {
  const { members, total } = usePresence(on);
  const tip = useId();
  if (total === 0) return null;
  const shown = members.slice(0, PRESENCE_SHOWN);
  const rest = total - shown.length;
  const restNames = members.slice(PRESENCE_SHOWN).map((m) => m.name);
  const restWords =
    restNames.length === rest
      ? restNames.join(", ")
      : `${[...restNames, `${rest - restNames.length} more`].join(", ")}`;
  return (
    <ul aria-label="Also here" data-testid="presence" className={cn("flex shrink-0 items-center", className)}>
      {shown.map((member) => (
        <Avatar key={member.userId} member={member} />
      ))}
      {rest > 0 ? (
        <li className="group relative -ml-1.5">
          <span
            role="img"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the names, as hover does
            tabIndex={0}
            aria-label={`${rest} more: ${restWords}`}
            aria-describedby={tip}
            className={cn(chip, "bg-panel-hover text-foreground", focusRing)}
          >
            +{rest}
          </span>
          <Tip id={tip}>{restWords}</Tip>
        </li>
      ) : null}
    </ul>
  );
}
