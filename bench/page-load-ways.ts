/**
 * Ways bench:page-load can give each load its page, to compare what a browser test's first page
 * load costs Chromium with each (PAGE_LOAD_WAYS):
 *
 *   fresh           a new context per load, closed after it: what a browser test with a context of
 *                   its own gets (a member, a guest), and every test with E2E_FRESH_CONTEXTS=1
 *   new-page        one context kept across loads, a new page per load, the last one closed then
 *   reset           one context and page kept, made as new between loads as a worker's reused
 *                   context is between tests (e2e/fixtures/reused-context.ts)
 *   reset:a+b       the same with only those steps of the reset (RESET_STEPS), to see what each costs
 *   reset-but:a+b   the same with every step but those
 *   kept            one page kept, nothing reset: the most a kept page can save
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import {
  RESET_STEPS,
  type ResetStep,
  ReusedContext,
  type StorageState,
} from "../e2e/fixtures/reused-context";

/** How each load gets its page, and what is done with it after. */
export interface Way {
  name: string;
  /** What a load is, in the bench's table titles. */
  description: string;
  open(): Promise<Page>;
  close(): Promise<void>;
}

/** Where the pages load from, and the owner's session cookie (a `cookie` header). */
export interface Site {
  origin: string;
  cookie: string;
}

/** As the browser tests' contexts are (playwright.config.ts): dark, and less motion asked for. */
const CONTEXT = {
  viewport: { width: 1440, height: 900 },
  colorScheme: "dark",
  reducedMotion: "reduce",
} as const;

/** The session cookie as a storage state for the site, as the setup project's file holds it. */
export function stateOf({ origin, cookie }: Site): StorageState {
  const domain = new URL(origin).hostname;
  const cookies = cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      domain,
      path: "/",
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: "Lax" as const,
    };
  });
  return { cookies, origins: [] };
}

const newContext = (browser: Browser, site: Site) =>
  browser.newContext({ ...CONTEXT, baseURL: site.origin, storageState: stateOf(site) });

function fresh(browser: Browser, site: Site): Way {
  let context: BrowserContext | undefined;
  return {
    name: "fresh",
    description: "one page load in a fresh context",
    open: async () => {
      context = await newContext(browser, site);
      return context.newPage();
    },
    close: async () => context?.close(),
  };
}

/**
 * The last load's page is closed once the next one is open: a context left with no page would let
 * its renderer process end, and the next page would start a new one.
 */
async function newPage(browser: Browser, site: Site): Promise<Way> {
  const context = await newContext(browser, site);
  let page: Page | undefined;
  return {
    name: "new-page",
    description: "one page load in a new page of a kept context, the last page closed after",
    open: async () => {
      const last = page;
      page = await context.newPage();
      await last?.close();
      return page;
    },
    close: async () => undefined,
  };
}

async function kept(browser: Browser, site: Site): Promise<Way> {
  const page = await (await newContext(browser, site)).newPage();
  return {
    name: "kept",
    description: "one page load in a kept page, nothing reset",
    open: async () => page,
    close: async () => undefined,
  };
}

/** The reset steps a way's name asks for: `reset`, `reset:a+b` or `reset-but:a+b`. */
export function stepsOf(name: string): ResetStep[] {
  const [kind, list = ""] = name.split(":");
  const named = list.split("+").filter(Boolean);
  const unknown = named.filter((step) => !(RESET_STEPS as readonly string[]).includes(step));
  if (unknown.length) throw new Error(`no reset step ${unknown.join(", ")}: ${RESET_STEPS.join(", ")}`);
  if (kind === "reset") return named.length ? (named as ResetStep[]) : [...RESET_STEPS];
  if (kind === "reset-but") return RESET_STEPS.filter((step) => !named.includes(step));
  throw new Error(`no way ${name}: fresh, new-page, reset, reset:a+b, reset-but:a+b or kept`);
}

async function reset(browser: Browser, site: Site, name: string): Promise<Way> {
  const steps = stepsOf(name);
  const timeouts = { action: 20_000, navigation: 30_000 };
  const options = { ...CONTEXT, baseURL: site.origin, storageState: stateOf(site) };
  const reused = await ReusedContext.open(browser, options, timeouts, "owner", steps);
  const which = steps.length === RESET_STEPS.length ? "all" : steps.join(", ") || "none";
  return {
    name,
    description: `one page load in a kept page made as new between loads (steps: ${which})`,
    open: () => reused.prepare(),
    close: () => reused.release(),
  };
}

/** The way called `name`, its pages from `browser`, signed in to `site`. */
export function wayOf(name: string, browser: Browser, site: Site): Promise<Way> {
  if (name === "fresh") return Promise.resolve(fresh(browser, site));
  if (name === "new-page") return newPage(browser, site);
  if (name === "kept") return kept(browser, site);
  return reset(browser, site, name);
}
