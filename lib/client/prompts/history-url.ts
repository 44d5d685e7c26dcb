"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { promptQueryString } from "@/lib/studio/prompts/query";

/** A pause in typing this long (ms) writes the search into the address. */
const ADDRESS_DELAY_MS = 250;

/**
 * Prompt history's search and member filter, kept in the page's address (`/prompts?q=fox`, a
 * link a teammate can open): read from it on arrival and on back/forward, written back as one
 * types, by replacing the entry (no history entry per keystroke, no page request).
 */
export function usePromptHistoryAddress(): {
  typed: string;
  setTyped(value: string): void;
  member: string;
  setMember(value: string): void;
} {
  const params = useSearchParams();
  const pathname = usePathname();
  const fromAddress = params.get("q") ?? "";
  const member = params.get("member") || "me";
  const [typed, setTypedState] = useState(fromAddress);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const written = useRef(fromAddress);

  // Back, forward or a link to another search: the box follows the address.
  useEffect(() => {
    if (fromAddress !== written.current) {
      written.current = fromAddress;
      setTypedState(fromAddress);
    }
  }, [fromAddress]);
  useEffect(() => () => void (pending.current && clearTimeout(pending.current)), []);

  const write = useCallback(
    (q: string, who: string) => {
      const query = promptQueryString({ q, member: who });
      written.current = q.trim();
      window.history.replaceState(null, "", query ? `${pathname}?${query}` : pathname);
    },
    [pathname],
  );
  // The member as last chosen: a search written after a pause keeps a member chosen during it.
  const memberNow = useRef(member);
  memberNow.current = member;
  const waiting = useRef("");
  /** Writes the search waiting to be written, if any, now. */
  const flush = useCallback(() => {
    if (!pending.current) return;
    clearTimeout(pending.current);
    pending.current = null;
    write(waiting.current, memberNow.current);
  }, [write]);
  const setTyped = useCallback(
    (value: string) => {
      setTypedState(value);
      if (pending.current) clearTimeout(pending.current);
      waiting.current = value;
      pending.current = setTimeout(flush, ADDRESS_DELAY_MS);
    },
    [flush],
  );
  // A press (a link, a button that navigates) while a write waits writes it at once, before the
  // press is handled: the router takes an address written later as the page to show, which would
  // drop a navigation under way. Capturing on the document runs before React's own handlers.
  useEffect(() => {
    document.addEventListener("click", flush, true);
    return () => document.removeEventListener("click", flush, true);
  }, [flush]);
  const setMember = useCallback(
    (value: string) => {
      // The search typed so far goes with it, so no pending write brings the old member back.
      if (pending.current) clearTimeout(pending.current);
      pending.current = null;
      memberNow.current = value;
      write(typed, value);
    },
    [typed, write],
  );
  return { typed, setTyped, member, setMember };
}
