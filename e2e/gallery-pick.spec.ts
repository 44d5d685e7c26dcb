import type { Page } from "@playwright/test";
import { imageTask, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * A gallery image goes wherever an image goes: picked from the gallery in the picker (search,
 * arrows, Enter), or a card dragged from a gallery in another tab. The task names the image by
 * its id: the browser never downloads it to upload it again.
 */

test.describe.configure({ timeout: 150_000 });

async function galleryImage(page: Page, baseURL: string, prompt: string) {
  const task = imageTask(prompt);
  expect((await sendTasks(page.request, baseURL, [task])).status()).toBe(202);
  const item = (await finishedTask(page.request, task.taskUUID)).items[0];
  if (!item) throw new Error("no result");
  return item;
}

test("a gallery image picked as the image-to-image source, and as a ControlNet guide; the tasks run", async ({
  page,
  baseURL,
}) => {
  const word = crypto.randomUUID().slice(0, 8);
  const source = await galleryImage(page, baseURL ?? "", `a stone bridge over a river ${word}`);
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/uploads") uploads.push(r.url());
  });

  const create = new CreatePage(page);
  await create.open("image-to-image");
  await page.getByRole("button", { name: "Source image: from the gallery" }).click();
  const picker = page.getByRole("dialog", { name: /Source image: pick from the gallery/ });
  await expect(picker).toBeVisible();
  await picker.getByRole("combobox", { name: "Search the gallery's prompts" }).fill(`bridge ${word}`);
  await expect(picker.getByRole("option")).toHaveCount(1);
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(viewport);
    await saveScreen(page, {
      path: `${SCREENS_DIR}/gallery-pick/picker-${viewport.width}x${viewport.height}.png`,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.keyboard.press("Enter");
  await expect(picker).toHaveCount(0);
  await expect(page.getByRole("img", { name: /^Source image: 512 × 512/ })).toBeVisible();
  await create.prompt.fill(`the bridge in autumn ${word}`);
  // The owner's draft is shared with the other specs: the image count is set, not inherited.
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  const i2i = await finishedTask(page.request, await create.expectResults(1));
  expect(i2i.status).toBe("success");
  expect(String(i2i.params.seedImage).toLowerCase()).toBe(source.mediaUUID.toLowerCase());

  // A ControlNet guide, dragged from the gallery in another tab.
  const guide = await galleryImage(page, baseURL ?? "", `a spiral staircase ${word}`);
  // A busy machine may take a while to draw a second form.
  await page.goto("/create/controlnet");
  await expect(page.locator("form[aria-busy=false]")).toBeVisible({ timeout: 60_000 });
  const gallery = await page.context().newPage();
  await gallery.goto(`/gallery?q=staircase ${word}`);
  const card = gallery.locator(`[data-testid=gallery-item] a[href^="/gallery/item/${guide.id}"]`).first();
  await expect(card).toBeVisible();
  const dragged = await card.evaluate((link) => {
    const data = new DataTransfer();
    link.dispatchEvent(new DragEvent("dragstart", { bubbles: true, dataTransfer: data }));
    return Object.fromEntries(data.types.map((t) => [t, data.getData(t)]));
  });
  await gallery.close();
  const tile = page.locator("#f-controlNet-0-guideImage").locator("..");
  await tile.evaluate((zone, carried) => {
    const data = new DataTransfer();
    for (const [type, value] of Object.entries(carried)) data.setData(type, value);
    zone.dispatchEvent(new DragEvent("dragover", { bubbles: true, cancelable: true, dataTransfer: data }));
    zone.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: data }));
  }, dragged);
  const unit = page.getByTestId("controlnet-unit").first();
  await expect(unit.getByText("512 × 512", { exact: true })).toBeVisible();
  // The guide's model is chosen here: a fresh studio's form has none.
  await unit.getByRole("button", { name: "ControlNet model", exact: true }).click();
  await page.getByRole("combobox", { name: /^Search/ }).fill("canny flux");
  await page.getByRole("option", { name: /ControlNet Canny \(FLUX\)/ }).click();
  await create.prompt.fill(`a staircase of light ${word}`);
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  const cn = await finishedTask(page.request, await create.expectResults(1));
  expect(cn.status).toBe("success");
  const sent = (cn.params.controlNet as { guideImage: string }[])[0]?.guideImage ?? "";
  expect(sent.toLowerCase()).toBe(guide.mediaUUID.toLowerCase());

  // Neither image went through the browser as bytes.
  expect(uploads).toEqual([]);
});

test("a picked image put in the trash before the task is sent is refused, naming the source image", async ({
  page,
  baseURL,
}) => {
  const word = crypto.randomUUID().slice(0, 8);
  const source = await galleryImage(page, baseURL ?? "", `a lighthouse in fog ${word}`);
  const answer = await page.request.post("/api/items/bulk", {
    headers: { origin: baseURL ?? "" },
    data: { action: "trash", itemIds: [source.id] },
  });
  expect(answer.ok()).toBe(true);
  const refused = await sendTasks(page.request, baseURL ?? "", [
    imageTask(`the lighthouse at noon ${word}`, { seedImage: source.mediaUUID, strength: 0.5 }),
  ]);
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  const body = (await refused.json()) as { errors: { code: string; parameter: string }[] };
  expect(body.errors[0]).toMatchObject({ code: "conflictItemInTrash", parameter: "seedImage" });
});

test("an image id the studio does not hold is refused naming its parameter, whichever parameter it fills", async ({
  page,
  baseURL,
}) => {
  const word = crypto.randomUUID().slice(0, 8);
  const answers: { code: string; parameter: string; message: string }[] = [];
  for (const made of [
    { seedImage: crypto.randomUUID(), strength: 0.5 },
    { controlNet: [{ model: "runware:27@1", guideImage: crypto.randomUUID(), weight: 0.5 }] },
  ]) {
    const refused = await sendTasks(page.request, baseURL ?? "", [
      imageTask(`a made-up source ${word}`, made),
    ]);
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect(refused.status()).toBeLessThan(500);
    const body = (await refused.json()) as { errors: { code: string; parameter: string; message: string }[] };
    const error = body.errors[0];
    if (!error) throw new Error("no error");
    answers.push(error);
  }
  expect(answers.map((a) => [a.code, a.parameter])).toEqual([
    ["invalidMediaReference", "seedImage"],
    ["invalidMediaReference", "controlNet.0.guideImage"],
  ]);
});
