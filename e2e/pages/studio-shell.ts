import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { saveScreen } from "../fixtures/screens";

export const sectionNames = ["Create", "Gallery", "Experiments", "Settings"] as const;
export type SectionName = (typeof sectionNames)[number];

/** Where browser tests leave the screenshots people look at (ignored by git). */
export const SCREENS_DIR = path.resolve(import.meta.dirname, "..", ".screens");

/** The studio frame as a person sees it: top bar, sidebar navigation, the page's heading. */
export class StudioShell {
  readonly banner: Locator;
  readonly nav: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.banner = page.getByRole("banner").first();
    this.nav = page.getByRole("navigation", { name: "Main" });
    this.heading = page.getByRole("heading", { level: 1 });
  }

  goto(pathname: string) {
    return this.page.goto(pathname);
  }

  navLink(name: SectionName): Locator {
    return this.nav.getByRole("link", { name, exact: true });
  }

  async openSection(name: SectionName) {
    await this.navLink(name).click();
  }

  async expectHeading(text: string) {
    await expect(this.heading).toHaveText(text);
  }

  /** A screenshot in `e2e/.screens/` (gitignored), for looking at the UI: the full page unless clipped. */
  async screenshot(name: string, clip?: { x: number; y: number; width: number; height: number }) {
    await saveScreen(this.page, { path: path.join(SCREENS_DIR, `${name}.png`), fullPage: !clip, clip });
  }
}
