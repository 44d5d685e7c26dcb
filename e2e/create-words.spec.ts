import type { Page } from "@playwright/test";
import { imageInferenceSchema } from "@/lib/protocol/image-inference";
import { PROVIDER_KEYS } from "@/lib/protocol/provider-settings";
import { seedPicture } from "./fixtures/images";
import { test as memberTest } from "./fixtures/own-member";
import { expect, test } from "./fixtures/reused-page";
import { finishedTask } from "./fixtures/studio-api";
import { CanvasPage } from "./pages/canvas-page";
import { CreatePage } from "./pages/create-page";

test.describe.configure({ timeout: 90_000 });

/** Every key of a schema, nested ones included (zod's own description of it). */
function keysOf(schema: unknown, seen = new Set<unknown>()): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const inner = (...parts: unknown[]) => parts.flatMap((p) => keysOf(p, seen));
  switch (def.type) {
    case "object":
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => [k, ...inner(v)]);
    case "array":
      return inner(def.element);
    case "pipe":
      return inner(def.in, def.out);
    case "union":
      return inner(...(def.options as unknown[]));
    case "intersection":
      return inner(def.left, def.right);
    case "record":
      return inner(def.valueType);
    default:
      return "innerType" in def ? inner(def.innerType) : [];
  }
}

/**
 * The request's keys that no person would write: camelCase names, capitalised acronyms and the
 * no-prompt token. Plain words the contract also uses ("seed", "steps", "width") are not wire names.
 */
const WIRE_NAMES = [
  ...new Set([...keysOf(imageInferenceSchema), "frameImages", "referenceVideos", "referenceAudios"]),
]
  .filter((key) => /[a-z][A-Z]|^[A-Z]{2}/.test(key))
  .concat("__BLANK__", ...Object.values(PROVIDER_KEYS).map((key) => `providerSettings.${key}`));

/** Opens every folded section of the form and visits every provider tab, so all texts render. */
async function unfoldAll(page: Page) {
  const folded = page
    .locator("form button[aria-expanded=false]:not([aria-haspopup])")
    .filter({ visible: true });
  for (let n = await folded.count(); n > 0; n = await folded.count()) await folded.first().click();
  const tabs = page.getByRole("tab");
  for (let i = 0; i < (await tabs.count()); i++) await tabs.nth(i).click();
}

/** The text a person can read, without the raw JSON editor, whose subject is the request's keys. */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const skipped = [...document.querySelectorAll<HTMLElement>("[data-wire-keys]")];
    for (const el of skipped) el.style.display = "none";
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered is the point, hidden text is not read.
    const text = document.body.innerText;
    for (const el of skipped) el.style.display = "";
    return text;
  });
}

function wireNamesIn(text: string): string[] {
  return WIRE_NAMES.filter((name) => new RegExp(`(^|[^A-Za-z])${name.replace(/[.]/g, "\\.")}`).test(text));
}

test("the home page and the workflow chooser show no request's wire names", async ({ page }) => {
  expect(WIRE_NAMES).toContain("positivePrompt");
  expect(WIRE_NAMES).toContain("CFGScale");
  expect(WIRE_NAMES).toContain("teaCacheDistance");
  for (const path of ["/", "/create"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(wireNamesIn(await visibleText(page)), path).toEqual([]);
  }
});

// One form a test: each unfolds every section and visits every provider's tab.
for (const slug of ["text-to-image", "image-to-image", "controlnet", "video"]) {
  test(`the ${slug} form, every section open, shows no request's wire names`, async ({ page }) => {
    await new CreatePage(page).open(slug);
    await unfoldAll(page);
    expect(wireNamesIn(await visibleText(page)), slug).toEqual([]);
  });
}

// Inpainting and Outpainting are the canvas: with a picture, a mask and the job's settings shown.
for (const slug of ["inpainting", "outpainting"]) {
  memberTest(
    `the ${slug} page, its job's settings shown, speaks no request's wire names`,
    async ({ page }) => {
      const canvas = new CanvasPage(page);
      await canvas.open(`/create/${slug}`);
      await canvas.upload(await seedPicture());
      await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
      if (slug === "inpainting") {
        await canvas.stroke([300, 250], [450, 280]);
        await page.getByRole("switch", { name: "Work at the mask's detail" }).click();
      }
      await expect(canvas.plan.getByRole("heading")).toHaveText(
        slug === "inpainting" ? "Inpainting" : "Outpainting",
      );
      expect(wireNamesIn(await visibleText(page)), slug).toEqual([]);
    },
  );
}

// A member of its own: "No prompt" saved into the owner's text-to-image draft would open every
// other spec's form with its prompt switched off, as the specs of both workers share the owner.
memberTest("a prompt left out reads No prompt, and a result names its model", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await page.getByRole("checkbox", { name: /No prompt/ }).check();
  await expect(page.getByRole("checkbox", { name: "No prompt" })).toBeChecked();
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  await create.expectResults(1);
  await create.results.first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("No prompt", { exact: true })).toBeVisible();
  // The model by its name; its AIR id stays, as a detail beside it.
  await expect(dialog.getByTestId("result-model")).toContainText("FLUX.1 [schnell]");
  expect(wireNamesIn(await visibleText(page))).toEqual([]);
});

test("the text-to-image model picker offers image models only", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await page.getByRole("button", { name: "Model", exact: true }).click();
  const options = page.getByRole("listbox", { name: "Models" }).getByRole("option");
  await expect(options.filter({ hasText: "FLUX.1 [schnell]" })).toBeVisible();
  await expect(options.filter({ hasText: /video/i })).toHaveCount(0);
  await page.getByRole("combobox", { name: /^Search/ }).fill("video");
  await expect(page.getByText("No models match.", { exact: false })).toBeVisible();
});

test("a LoRA made for another family says so on its row, before sending", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await page.getByRole("button", { name: /^LoRA/ }).click();
  await page.getByTestId("add-lora").click();
  await page.getByRole("button", { name: "LoRA 1", exact: true }).click();
  await page.getByRole("combobox", { name: /^Search/ }).fill("detail xl");
  await page.getByRole("option", { name: /Detail Tweaker XL/ }).click();
  const warning = page.getByTestId("lora-0-mismatch");
  await expect(warning).toHaveText("Made for SDXL; this model is FLUX.1 Schnell: it may have no effect.");

  // On an SDXL checkpoint the same LoRA fits: the warning goes.
  await page.getByRole("button", { name: "Model", exact: true }).click();
  await page.getByRole("combobox", { name: /^Search/ }).fill("juggernaut");
  await page.getByRole("option", { name: /Juggernaut XL/ }).click();
  await expect(warning).toHaveCount(0);
});

test("the scheduler is picked from a list by name, or typed when it is another", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill("a lighthouse at dusk");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await page.getByRole("button", { name: /^Sampling/ }).click();
  const scheduler = page.getByRole("combobox", { name: "Scheduler" });
  await scheduler.selectOption({ label: "DPM++ 2M Karras" });
  await create.generate.click();
  let task = await finishedTask(page.request, await create.expectResults(1));
  expect(task.params.scheduler).toBe("DPM++ 2M Karras");

  await scheduler.selectOption({ label: "Euler Ancestral" });
  await create.generate.click();
  await expect(create.results).toHaveCount(2, { timeout: 30_000 });
  task = await finishedTask(
    page.request,
    (await create.results.first().getAttribute("data-task-uuid")) ?? "",
  );
  expect(task.params.scheduler).toBe("EulerAncestralDiscreteScheduler");

  await scheduler.selectOption({ label: "Another scheduler…" });
  await page.getByRole("textbox", { name: "Scheduler name" }).fill("MyOwnScheduler");
  await create.generate.click();
  await expect(create.results).toHaveCount(3, { timeout: 30_000 });
  task = await finishedTask(
    page.request,
    (await create.results.first().getAttribute("data-task-uuid")) ?? "",
  );
  expect(task.params.scheduler).toBe("MyOwnScheduler");
});

test("the raw JSON editor gives one verdict, in the field's words", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill("a lighthouse at dusk");
  await page.getByRole("button", { name: /^Provider settings/ }).click();
  const json = page.getByRole("textbox", { name: "Raw JSON" });
  const verdict = page.getByTestId("extra-json-verdict");

  await json.fill('{ "steps": 500 }');
  await expect(verdict).toHaveText("Steps: must be at most 100 (got 500).");
  await expect(page.getByText("Valid JSON")).toHaveCount(0);
  await create.generate.click();
  // Sending does not add a second message: the same verdict stands, as the field's error.
  await expect(page.getByText(/must be at most 100/)).toHaveCount(1);
  await expect(json).toHaveAttribute("aria-invalid", "true");

  await json.fill('{ "steps": 30 }');
  await expect(verdict).toHaveText("Valid: sends Steps.");
  await expect(json).not.toHaveAttribute("aria-invalid", "true");
});

test("a typed size that is changed says so on its field", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  const width = page.getByRole("spinbutton", { name: "Width" });
  const height = page.getByRole("spinbutton", { name: "Height" });

  await width.fill("99999");
  await width.blur();
  await expect(width).toHaveValue("2048");
  await expect(page.locator("#f-width-hint")).toHaveText("Width set to 2048, the largest allowed.");

  await height.fill("-50");
  await height.blur();
  await expect(height).toHaveValue("128");
  await expect(page.locator("#f-height-hint")).toHaveText("Height set to 128, the smallest allowed.");

  await width.fill("1000");
  await width.blur();
  await expect(width).toHaveValue("1024");
  await expect(page.locator("#f-width-hint")).toHaveText("Width set to 1024, the nearest multiple of 64.");

  // A size typed as allowed is kept without a word.
  await width.fill("768");
  await width.blur();
  await expect(page.locator("#f-width-hint")).toHaveCount(0);
});
