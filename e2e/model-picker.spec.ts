import { expect, test } from "./fixtures/reused-page";
import { CreatePage } from "./pages/create-page";

const AIR = /[a-z]+:\d+@\d+/;

test("the model pressed is the one chosen, though the search answers between the press and the release", async ({
  page,
}) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  // The service's answer to the typed search waits until the person has pressed a model of the
  // list still shown (the earlier answer's), and ranks the models in an order of its own.
  let answer = () => {};
  const pressedFirst = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route("**/api/tools", async (route) => {
    const body = route.request().postDataJSON() as { taskType?: string; search?: string };
    if (body.taskType !== "modelSearch" || body.search !== "flux") return route.continue();
    await pressedFirst;
    const response = await route.fetch();
    const json = (await response.json()) as { data: { results: unknown[] } };
    json.data.results.reverse();
    return route.fulfill({ response, json });
  });

  await page.getByLabel("Model", { exact: true }).click();
  const list = page.getByRole("listbox", { name: "Models" });
  await expect(list.getByRole("option").first()).toBeVisible();
  await page.getByRole("combobox", { name: /^Search/ }).fill("flux");
  await expect(page.getByText("Searching…")).toBeVisible();
  const options = list.getByRole("option");

  // Pressed on the second model shown; the service answers; let go where the pointer is.
  const pressed = options.nth(1);
  const air = AIR.exec((await pressed.textContent()) ?? "")?.[0] ?? "";
  expect(air).not.toBe("");
  const box = await pressed.boundingBox();
  if (!box) throw new Error("the option has no box");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  answer();
  await expect(page.getByText("Searching…")).toHaveCount(0);
  await expect(options.nth(1)).not.toContainText(air);
  await page.mouse.up();

  await expect(list).toHaveCount(0);
  await expect(page.getByLabel("Model", { exact: true })).toContainText(air);
});
