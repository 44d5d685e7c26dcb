"use client";

import { useEffect } from "react";
import type { PresentMember } from "@/lib/studio/presence/presence";
import { usePresenceStore } from "./presence-store";

/**
 * Says this tab is on `target` while the calling page is open, and answers the other members
 * there now (none until the relay has said).
 */
export function usePresence(target: string): { members: PresentMember[]; total: number } {
  const enter = usePresenceStore((s) => s.enter);
  const leave = usePresenceStore((s) => s.leave);
  const seen = usePresenceStore((s) => (s.seen?.on === target ? s.seen : null));
  useEffect(() => {
    enter(target);
    return () => leave(target);
  }, [target, enter, leave]);
  return seen ?? NOBODY;
}

const NOBODY = { members: [], total: 0 };
