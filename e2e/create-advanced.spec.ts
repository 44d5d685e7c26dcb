import type { Page } from "@playwright/test";
import { test as memberTest } from "./fixtures/own-member";
import { expect, test } from "./fixtures/reused-page";
import { finishedTask } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";

test.describe.configure({ timeout: 90_000 });

/** Opens a folded section of the form by its title. */
async function openSection(page: Page, title: string | RegExp) {
  const trigger = page.getByRole("button", { name: title });
  if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
}

/** Picks a model in a model field: open the picker, search, choose the match. */
async function pickModel(page: Page, field: string, search: string, name: RegExp) {
  await page.getByRole("button", { name: field, exact: true }).click();
  await page.getByRole("combobox", { name: /^Search/ }).fill(search);
  await page.getByRole("option", { name }).click();
}

// A member of its own: drafts are kept per member and workflow, and the specs on the other worker
// type into the owner's text-to-image draft, which this test reloads into.
memberTest(
  "advanced and provider panels: LoRAs with weights, a provider's form and raw JSON reach the task",
  async ({ page }) => {
    const create = new CreatePage(page);
    await create.open("text-to-image");
    await create.prompt.fill("a quiet harbour at dawn");
    await page.getByRole("spinbutton", { name: "Images" }).fill("1");

    await openSection(page, /^LoRA/);
    await page.getByTestId("add-lora").click();
    await pickModel(page, "LoRA 1", "water", /Watercolor Style/);
    // The LoRA's trigger words are offered for the prompt.
    await page.getByRole("button", { name: "Add to prompt" }).click();
    await expect(create.prompt).toHaveValue("a quiet harbour at dawn, watercolor painting");
    await page.locator("#f-lora-0-weight").fill("0.8");
    await page.getByTestId("add-lora").click();
    await pickModel(page, "LoRA 2", "anime", /Retro Anime/);
    await page.locator("#f-lora-1-weight").fill("-0.5");
    // Back after a reload, the draft's LoRA still offers its trigger words.
    await page.reload();
    await expect(create.prompt).toHaveValue("a quiet harbour at dawn, watercolor painting");
    await openSection(page, /^LoRA/);
    await expect(page.getByRole("button", { name: "LoRA 2", exact: true })).toContainText("Retro Anime");
    await expect(page.getByText("Trigger words:").first()).toContainText("watercolor painting");

    await openSection(page, /^Provider settings/);
    await page.getByRole("tab", { name: /Black Forest Labs/ }).click();
    await page.getByRole("switch", { name: "Raw mode" }).click();
    await page.getByRole("spinbutton", { name: "Safety tolerance" }).fill("4");
    await expect(page.getByRole("tab", { name: /Black Forest Labs.*has settings/ })).toBeVisible();

    const json = page.getByRole("textbox", { name: "Raw JSON" });
    await json.fill('{ "ttl": ');
    await create.generate.click();
    await expect(page.locator("#f-extraJson-error")).toBeVisible();
    await json.fill('{ "ttl": 3600 }');

    await create.generate.click();
    const task = await finishedTask(page.request, await create.expectResults(1));
    expect(task.params).toMatchObject({
      positivePrompt: "a quiet harbour at dawn, watercolor painting",
      lora: [
        { model: "civitai:652699@993999", weight: 0.8 },
        { model: "civitai:631986@706528", weight: -0.5 },
      ],
      providerSettings: { bfl: { raw: true, safetyTolerance: 4 } },
      ttl: 3600,
    });

    // A row added after a send starts quiet; sending it blank puts the reason on its field.
    let sent = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/tasks") && r.method() === "POST") sent++;
    });
    await page.getByTestId("add-lora").click();
    await expect(page.getByRole("button", { name: "LoRA 3", exact: true })).toBeVisible();
    await expect(page.locator("#f-lora-2-model-error")).toHaveCount(0);
    await create.generate.click();
    await expect(page.locator("#f-lora-2-model-error")).toHaveText("Required.");
    await page.getByRole("button", { name: "Remove LoRA 3" }).click();
    expect(sent).toBe(0);
  },
);

memberTest(
  "a model typed by its id and chosen before the search answers still brings its steps and CFG scale",
  async ({ page }) => {
    const create = new CreatePage(page);
    await create.open("text-to-image");
    // The catalogue's answers are held until the choice is made.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/tools", async (route) => {
      if (route.request().postDataJSON()?.taskType === "modelSearch") await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Model", exact: true }).click();
    const search = page.getByRole("combobox", { name: /^Search/ });
    await search.fill("runware:101@1");
    // The id typed in full heads the list, and Enter takes it before the catalogue has answered.
    await expect(
      page.getByRole("listbox", { name: "Models" }).getByRole("option").first(),
    ).toHaveAccessibleName("Use runware:101@1 runware:101@1");
    await search.press("Enter");
    await expect(page.getByRole("button", { name: "Model", exact: true })).toContainText("runware:101@1");
    release();
    await openSection(page, /^Sampling/);
    await expect(page.getByRole("spinbutton", { name: "Steps" })).toHaveValue("28");
    await expect(page.getByRole("spinbutton", { name: "Guidance (CFG)" })).toHaveValue("3.5");
  },
);
