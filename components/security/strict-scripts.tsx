"use client";

// The page's Content-Security-Policy allows no eval. Zod probes for it (`new Function`) before
// compiling fast parsers; the probe fails quietly but still reports a policy violation, so the
// browser parses without compiling. Only in the browser: the server has no such policy and
// keeps its faster parsers.
//
// Set on the object zod keeps its settings in (`globalThis.__zod_globalConfig`, which `z.config`
// writes to and zod adopts when it loads later) rather than through `z.config`: most pages never
// load zod, and importing it here would load it, and build it, on every page.
if (typeof window !== "undefined") {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}

/** Renders nothing: its module, loaded with every page, sets the browser's parsing up for the policy. */
export function StrictScripts() {
  return null;
}
