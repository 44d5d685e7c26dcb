import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { CreatePage } from "./pages/create-page";
import { SCREENS_DIR } from "./pages/studio-shell";

test.describe.configure({ timeout: 60_000 });

test("? over an open result view does not stack a second dialog", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill("a copper kettle on a stove");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  await create.expectResults(1);
  await create.results.first().click();
  await expect(page.getByRole("dialog", { name: "Result" })).toBeVisible();
  await page.keyboard.press("?");
  await page.keyboard.press("q");
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // With the view closed, ? opens the list again.
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
});

test("? lists the shortcuts of the page it is pressed on", async ({ page }) => {
  // One visit to the gallery, looked at in each screen size in turn.
  await page.goto("/gallery");
  for (const screen of [
    { width: 1440, height: 900 },
    { width: 1366, height: 768 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(screen);
    await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(help).toBeVisible();
    await expect(help.getByText("Show these shortcuts")).toBeVisible();
    // Nothing of the Create forms is offered where there is no form.
    await expect(help.getByText("Generate")).toHaveCount(0);
    await expect(help.getByText(/^Canvas:/)).toHaveCount(0);
    await saveScreen(page, {
      path: `${SCREENS_DIR}/gallery-shortcuts-${screen.width}x${screen.height}.png`,
    });
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();
  }

  for (const path of ["/", "/create", "/experiments", "/settings"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.keyboard.press("?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    await page.keyboard.press("Escape");
  }

  const create = new CreatePage(page);
  await create.open("text-to-image");
  await page.keyboard.press("?");
  let help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help.getByText("Generate", { exact: true })).toBeVisible();
  await expect(help.getByText(/^Canvas:/)).toHaveCount(0);
  await page.keyboard.press("Escape");

  // Inpainting is the canvas: its keys are the canvas's.
  await page.goto("/create/inpainting");
  await expect(page.getByTestId("canvas-page")).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
  help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help.getByText("Canvas: erase back to the original")).toBeVisible();
  await help.getByRole("button", { name: "Close" }).click();
  await expect(help).toBeHidden();
});
