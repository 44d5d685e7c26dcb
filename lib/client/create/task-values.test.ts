import { describe, expect, it } from "vitest";
import { parseTask } from "@/lib/protocol";
import { errorTree, fieldMessage } from "./task-resolver";
import { buildTask, compact, parseExtraJson } from "./task-values";

describe("form values to task", () => {
  it("drops what was left blank, keeping zeros and false", () => {
    expect(
      compact({ a: "", b: Number.NaN, c: 0, d: false, e: [], f: { g: "" }, h: [{ model: "" }], i: "x" }),
    ).toEqual({
      c: 0,
      d: false,
      i: "x",
    });
  });

  it("makes a task the contract accepts, with the studio's keys its own", () => {
    const task = buildTask(
      "imageInference",
      {
        positivePrompt: "a fox",
        model: "runware:100@1",
        width: 1024,
        height: 1024,
        seed: undefined,
        lora: [],
        extraJson: '{"x":1}',
      },
      { extra: { clipSkip: 1 } },
    );
    expect(task).toMatchObject({ taskType: "imageInference", deliveryMethod: "async", clipSkip: 1 });
    expect(task).not.toHaveProperty("lora");
    expect(task).not.toHaveProperty("extraJson");
    expect(parseTask(task).ok).toBe(true);
  });

  it("reads the raw JSON editor's text", () => {
    expect(parseExtraJson("")).toEqual({ ok: true, value: {} });
    expect(parseExtraJson('{"clipSkip":2}')).toEqual({ ok: true, value: { clipSkip: 2 } });
    expect(parseExtraJson("[1]").ok).toBe(false);
    expect(parseExtraJson("{nope").ok).toBe(false);
    expect(parseExtraJson('{"taskUUID":"x"}')).toMatchObject({
      ok: false,
      message: expect.stringContaining("taskUUID"),
    });
  });

  it("puts each contract error on the field it names, or above the button", () => {
    const { tree, unplaced } = errorTree(
      [
        { code: "invalidWeight", message: "bad weight", parameter: "lora.1.weight" },
        { code: "invalidWidth", message: "bad width", parameter: "width" },
        { code: "invalidVae", message: "bad vae", parameter: "vae" },
        { code: "invalidClipSkip", message: "typed", parameter: "clipSkip" },
      ],
      ["lora", "width"],
      ["clipSkip"],
    );
    expect(tree).toMatchObject({
      lora: [undefined, { weight: { message: "bad weight" } }],
      width: { message: "bad width" },
      extraJson: { message: "typed" },
    });
    expect(unplaced.map((e) => e.parameter)).toEqual(["vae"]);
  });

  it("says Required on a field whose value is missing, keeping an enum's choices", () => {
    const missing = (message: string) => fieldMessage({ code: "missingModel", message, parameter: "x" });
    expect(missing("Missing required parameter 'lora.0.model' (string).")).toBe("Required.");
    expect(missing("Missing required parameter 'controlMode': one of balanced, prompt, controlnet.")).toBe(
      "Required: one of balanced, prompt, controlnet.",
    );
    expect(missing("Invalid value for 'width': must be a multiple of 64.")).toBe("Must be a multiple of 64.");
    const { tree } = errorTree(
      [
        {
          code: "missingLoraModel",
          message: "Missing required parameter 'lora.0.model' (string).",
          parameter: "lora.0.model",
        },
      ],
      ["lora"],
    );
    expect(tree).toMatchObject({ lora: [{ model: { message: "Required." } }] });
  });
});
