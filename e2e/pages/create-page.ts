import { expect, type Locator, type Page, test } from "@playwright/test";

/** A Create page as a person uses it: the form on the left, the results on the right. */
export class CreatePage {
  readonly prompt: Locator;
  readonly generate: Locator;
  readonly results: Locator;
  readonly enhance: Locator;
  /** The enhanced versions of the prompt offered to pick from. */
  readonly versions: Locator;
  /** The line under the header that says what a recall filled in (or could not). */
  readonly notice: Locator;
  /** Where the form says its draft stands ("Draft saved at 09:12, …"). */
  readonly draftStatus: Locator;

  constructor(readonly page: Page) {
    this.prompt = page.locator("#f-positivePrompt");
    this.generate = page.getByRole("button", { name: /^Generate/ });
    this.results = page.getByTestId("result-strip").getByTestId("result-item");
    this.enhance = page.getByRole("button", { name: "Enhance", exact: true });
    this.versions = page.getByRole("group", { name: "Enhanced versions" }).getByRole("button", {
      name: /^Use version/,
    });
    this.notice = page.getByRole("status").filter({ hasText: /^(Filled in from|That task)/ });
    this.draftStatus = page.getByTestId("draft-status");
  }

  /** Opens a recorded task in its workflow, as the gallery's "Use all" link does. */
  async recall(taskUUID: string, use = "all"): Promise<void> {
    await this.page.goto(`/create/recall?task=${taskUUID}&use=${use}`);
    await this.ready();
  }

  /** The form is ready once its draft (if any) is read; a loaded machine may take a while to start it. */
  async ready(timeout = 15_000): Promise<void> {
    await expect(this.page.locator("form[aria-busy=false]")).toBeVisible({ timeout });
  }

  async open(slug: string): Promise<void> {
    await this.clearDraft(slug);
    await this.page.goto(`/create/${slug}`);
    // Reading the draft is a request more before the form starts: a busy machine takes longer.
    await this.ready(30_000);
  }

  /**
   * Empties the member's stored draft of a workflow: the specs share one member, and a form they
   * open starts from its defaults, not from what an earlier spec typed.
   */
  async clearDraft(slug: string): Promise<void> {
    const origin = test.info().project.use.baseURL ?? "";
    const res = await this.page.request.put(`/api/drafts/${slug}`, {
      data: { values: {}, savedAt: Date.now() },
      headers: { origin },
    });
    expect(res.status()).toBe(200);
  }

  async upload(testId: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByTestId(`${testId}-file`).setInputFiles(file);
  }

  /** The results of the task the page sent last, once `count` of them are shown. */
  async expectResults(count: number, timeout = 30_000): Promise<string> {
    await expect(this.results).toHaveCount(count, { timeout });
    return (await this.results.first().getAttribute("data-task-uuid")) ?? "";
  }

  /** A mouse stroke across the middle of a canvas-like element. */
  async drag(target: Locator, from: [number, number], to: [number, number]): Promise<void> {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (!box) throw new Error("nothing to drag on");
    await this.page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 12 });
    await this.page.mouse.up();
  }
}
