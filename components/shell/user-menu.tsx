"use client";

import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { attempt } from "@/lib/client/endpoint-attempt";
import { api } from "@/lib/studio/api/addresses";
import { initials } from "@/lib/studio/presence/presence";

export interface ShellUser {
  name: string;
  email: string;
  roleLabel: string;
}

/** Who is signed in, with their role, and the way out. */
export function UserMenu({ user }: { user: ShellUser }) {
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  const signOut = async () => {
    setLeaving(true);
    await attempt(api.auth.signOut, { body: {} });
    router.replace("/sign-in");
    router.refresh();
  };
  return (
    <div className="flex items-center gap-2">
      <div className="flex items-center gap-2.5" title={user.email}>
        <span
          aria-hidden
          className="grid size-8 place-items-center rounded-full border border-border-strong bg-panel-raised font-semibold text-[12px] text-foreground"
        >
          {initials(user.name)}
        </span>
        <span className="hidden flex-col leading-tight md:flex">
          <span className="font-medium text-[13px] text-foreground" data-testid="user-name">
            {user.name}
          </span>
          <span className="text-[11px] text-muted-subtle">{user.roleLabel}</span>
        </span>
      </div>
      <button
        type="button"
        onClick={signOut}
        disabled={leaving}
        aria-label="Sign out"
        title="Sign out"
        className={cn(
          "grid size-8 place-items-center rounded-control text-muted transition-colors hover:bg-panel-raised hover:text-foreground disabled:opacity-50",
          focusRing,
        )}
      >
        <LogOut className="size-4" />
      </button>
    </div>
  );
}
