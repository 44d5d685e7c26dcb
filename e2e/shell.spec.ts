import { workflows } from "../lib/client/create/workflows";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { type SectionName, StudioShell, sectionNames } from "./pages/studio-shell";

const sections: ReadonlyArray<{ name: SectionName; path: string; heading: string; screen: string }> = [
  { name: "Create", path: "/create", heading: "Choose a workflow", screen: "create" },
  { name: "Gallery", path: "/gallery", heading: "Gallery", screen: "gallery" },
  { name: "Experiments", path: "/experiments", heading: "Experiments", screen: "experiments" },
  { name: "Settings", path: "/settings", heading: "Settings", screen: "settings" },
];

test.describe("studio shell", () => {
  test("renders the frame, the navigation and the home page", async ({ page }) => {
    const shell = new StudioShell(page);
    const response = await shell.goto("/");
    expect(response?.status()).toBe(200);

    await expect(page).toHaveTitle("Media Studio");
    await expect(shell.banner.getByRole("link", { name: "Media Studio" })).toBeVisible();
    await expect(shell.banner.getByText("Embedded engine")).toBeVisible();
    for (const name of sectionNames) {
      await expect(shell.navLink(name)).toBeVisible();
    }
    await shell.expectHeading("Create, review and experiment");

    // Home introduces every workflow, each linking to its own page.
    for (const workflow of workflows) {
      await expect(page.getByRole("link", { name: workflow.title, exact: true })).toHaveAttribute(
        "href",
        `/create/${workflow.slug}`,
      );
    }
    // Every capability named is built: none is marked as still to come.
    for (const built of [
      "Ratings",
      "Comments",
      "Compare",
      "Share links",
      "Grids",
      "Seed sweeps",
      "Blind votes",
      "Prompt history",
      "Evaluation sets",
    ]) {
      await expect(page.getByRole("listitem").filter({ hasText: built })).not.toContainText("Coming soon");
    }
    await shell.screenshot("home");
  });

  test("reaches every section through the sidebar", async ({ page }) => {
    const shell = new StudioShell(page);
    await shell.goto("/");
    for (const section of sections) {
      await shell.openSection(section.name);
      await expect(page).toHaveURL(section.path);
      await shell.expectHeading(section.heading);
      await expect(shell.navLink(section.name)).toHaveAttribute("aria-current", "page");
      for (const other of sectionNames.filter((name) => name !== section.name)) {
        await expect(shell.navLink(other)).not.toHaveAttribute("aria-current", "page");
      }
      await shell.screenshot(section.screen);
    }
  });

  test("the workflow chooser links to every workflow", async ({ page }) => {
    const shell = new StudioShell(page);
    await shell.goto("/create");
    const cards = page.getByRole("main").getByRole("heading", { level: 2 });
    await expect(cards).toHaveText(workflows.map((w) => w.title));
    for (const workflow of workflows) {
      await expect(page.getByRole("link", { name: workflow.title, exact: true })).toHaveAttribute(
        "href",
        `/create/${workflow.slug}`,
      );
    }
  });

  test("a focused workflow card shows the focus ring on the whole card", async ({ page }) => {
    const shell = new StudioShell(page);
    await shell.goto("/create");
    const first = workflows[0];
    if (!first) throw new Error("no workflows");
    const link = page.getByRole("link", { name: first.title, exact: true });
    for (let presses = 0; presses < 10; presses++) {
      await page.keyboard.press("Tab");
      if (await link.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(link).toBeFocused();
    const card = page.getByRole("listitem").filter({ has: link }).locator("> div");
    await expect(card).not.toHaveCSS("outline-style", "none");
    await expect(card).toHaveCSS("outline-width", "2px");
    const box = await card.boundingBox();
    if (box)
      await shell.screenshot("focus-card", {
        x: box.x - 16,
        y: box.y - 16,
        width: box.width + 32,
        height: box.height + 32,
      });
  });

  test("keyboard focus on a nav link is visible", async ({ page }) => {
    const shell = new StudioShell(page);
    await shell.goto("/gallery");
    const create = shell.navLink("Create");
    // Tab like a person: past the skip link and the product link to the first nav link.
    for (let presses = 0; presses < 6; presses++) {
      await page.keyboard.press("Tab");
      if (await create.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(create).toBeFocused();
    const ring = await create.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        focusVisible: el.matches(":focus-visible"),
        style: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
      };
    });
    expect(ring.focusVisible).toBe(true);
    expect(ring.style).not.toBe("none");
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await saveScreen(page, {
      path: "e2e/.screens/focus-nav.png",
      clip: { x: 0, y: 0, width: 480, height: 320 },
    });
  });

  test("the skip link moves focus to the page", async ({ page }) => {
    const shell = new StudioShell(page);
    await shell.goto("/settings");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });

  for (const width of [1280, 1024]) {
    test(`stays usable at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const shell = new StudioShell(page);
      for (const { path, screen } of [{ path: "/", screen: "home" }, ...sections]) {
        await shell.goto(path);
        for (const name of sectionNames) {
          await expect(shell.navLink(name)).toBeVisible();
        }
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
        await shell.screenshot(`${screen}-${width}`);
      }
      if (width < 1280) {
        // The folded rail names each icon on hover.
        await shell.navLink("Gallery").hover();
        // The tooltip is the label's second copy (the first is sr-only); Playwright counts
        // opacity 0 as visible, so check the opacity itself.
        await expect(shell.nav.getByText("Gallery", { exact: true }).last()).toHaveCSS("opacity", "1");
        await shell.screenshot(`rail-tooltip-${width}`, { x: 0, y: 0, width: 360, height: 240 });
      }
    });
  }

  test("unknown addresses get a designed 404", async ({ page }) => {
    const shell = new StudioShell(page);
    const response = await shell.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await shell.expectHeading("This page doesn’t exist");
    await page.getByRole("link", { name: "Back to home" }).click();
    await shell.expectHeading("Create, review and experiment");
    await shell.goto("/no-such-page");
    await shell.screenshot("not-found");
  });
});
