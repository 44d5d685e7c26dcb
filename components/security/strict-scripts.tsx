"use client";

import { z } from "zod";

// The page's Content-Security-Policy allows no eval. Zod probes for it (`new Function`) before
// compiling fast parsers; the probe fails quietly but still reports a policy violation, so the
// browser parses without compiling. Only in the browser: the server has no such policy and
// keeps its faster parsers.
if (typeof window !== "undefined") z.config({ jitless: true });

/** Renders nothing: its module, loaded with every page, sets the browser's parsing up for the policy. */
export function StrictScripts() {
  return null;
}
