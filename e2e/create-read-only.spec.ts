import { imageTask, joinAsMember, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { CanvasPage } from "./pages/canvas-page";
import { CreatePage } from "./pages/create-page";
import { SCREENS_DIR } from "./pages/studio-shell";

const VIEWER = { name: "Vera Viewer", email: "vera.create@studio.test", password: "only looking here" };
const REASON = "Viewers can look at the forms but not generate: ask an owner for the editor role.";
const SLUGS = ["text-to-image", "image-to-image", "controlnet", "video"];

test.describe.configure({ timeout: 90_000 });

test("a viewer sees every Create form read-only, says why, and can send nothing", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const context = await joinAsMember(browser, page.request, origin, VIEWER, "viewer");
  const viewer = await context.newPage();
  const sent: string[] = [];
  viewer.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/tasks") sent.push(r.url());
  });
  const create = new CreatePage(viewer);

  await viewer.goto("/create");
  await expect(viewer.getByTestId("read-only-note")).toHaveText(REASON);

  for (const slug of SLUGS) {
    await create.open(slug);
    await expect(viewer.getByTestId("read-only-note"), slug).toHaveText(REASON);
    const form = viewer.locator("form[aria-busy=false]");
    await expect(form.getByText("Generating needs the editor role.", { exact: true }), slug).toBeVisible();
    await expect(create.generate, slug).toBeDisabled();
    await expect(create.prompt, slug).toBeDisabled();
    await expect(form.getByRole("button", { name: "Reset the form" }), slug).toBeDisabled();
    // The keyboard's way to generate does nothing either.
    await viewer.keyboard.press("Control+Enter");
    if (slug === "text-to-image") {
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 1280, height: 720 },
      ]) {
        await viewer.setViewportSize(viewport);
        await saveScreen(viewer, {
          path: `${SCREENS_DIR}/create-read-only/${slug}-${viewport.width}x${viewport.height}.png`,
        });
      }
      await viewer.setViewportSize({ width: 1440, height: 900 });
    }
  }
  expect(sent).toEqual([]);
  await context.close();
});

test("a viewer sees Inpainting and Outpainting read-only, says why, and can send nothing", async ({
  page,
  browser,
  baseURL,
}) => {
  const context = await joinAsMember(
    browser,
    page.request,
    baseURL ?? "",
    { name: "Vic Viewer", email: "vic.canvas@studio.test", password: "only looking here" },
    "viewer",
  );
  const viewer = await context.newPage();
  const sent: string[] = [];
  viewer.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/tasks") sent.push(r.url());
  });
  const canvas = new CanvasPage(viewer);
  for (const slug of ["inpainting", "outpainting"]) {
    await canvas.open(`/create/${slug}`);
    await expect(viewer.getByTestId("read-only-note"), slug).toHaveText(REASON);
    await expect(viewer.getByRole("button", { name: /^Generate/ }), slug).toBeDisabled();
    await expect(viewer.locator("#canvas-prompt"), slug).toBeDisabled();
    await viewer.keyboard.press("Control+Enter");
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1280, height: 720 },
    ]) {
      await viewer.setViewportSize(viewport);
      await saveScreen(viewer, {
        path: `${SCREENS_DIR}/create-read-only/${slug}-${viewport.width}x${viewport.height}.png`,
      });
    }
    await viewer.setViewportSize({ width: 1440, height: 900 });
  }
  expect(sent).toEqual([]);
  await context.close();
});

test("an editor's form takes changes and generates as before", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await expect(page.getByTestId("read-only-note")).toHaveCount(0);
  await expect(create.prompt).toBeEnabled();
  await create.prompt.fill("a lighthouse on a cliff");
  await expect(create.generate).toBeEnabled();
});

test("a viewer is not told to press Generate, nor offered reuse links or rating keys", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const word = `quietowl${Date.now().toString(36)}`;
  const task = imageTask(`${word} an owl on a fence post at dusk`);
  expect((await sendTasks(page.request, origin, [task])).status()).toBe(202);
  await finishedTask(page.request, task.taskUUID, 30_000);
  const context = await joinAsMember(
    browser,
    page.request,
    origin,
    { name: "Val Viewer", email: "val.cards@studio.test", password: "only looking here" },
    "viewer",
  );
  const viewer = await context.newPage();

  // Create's empty results say what a viewer can do there, not "press Generate".
  await new CreatePage(viewer).open("text-to-image");
  await expect(viewer.getByText("Nothing is made here with your role")).toBeVisible();
  await expect(viewer.getByText(/Fill in the form and press Generate/)).toHaveCount(0);

  // The gallery's cards offer no way into a workflow the viewer could not use, at any size.
  await viewer.goto(`/gallery?q=${word}`);
  const card = viewer.getByTestId("gallery-item");
  await expect(card).toHaveCount(1);
  for (const size of ["Small", "Medium", "Large"]) {
    await viewer.getByRole("radio", { name: size }).click();
    await card.hover();
    await expect(card.getByRole("navigation", { name: "Use in a workflow" })).toHaveCount(0);
    await expect(card.getByRole("link", { name: "Use all" })).toHaveCount(0);
  }

  // The viewer's shortcuts list leaves out the rating keys, which do nothing for a viewer.
  await card.getByRole("link", { name: /^Open / }).click();
  await expect(viewer).toHaveURL(/\/gallery\/item\//);
  await viewer.keyboard.press("?");
  const help = viewer.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help).toContainText("Viewer: zoom in");
  await expect(help).not.toContainText("rate 1 to 5");
  await context.close();
});
