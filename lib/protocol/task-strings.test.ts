import { describe, expect, it } from "vitest";
import { eachString, mapStrings } from "./task-strings";

const task = {
  taskType: "imageInference",
  seedImage: "a",
  referenceImages: ["b", "c"],
  controlNet: [{ model: "m", guideImage: "d", weight: 0.5 }],
  steps: 20,
};

describe("a task's strings", () => {
  it("are each found with their place named as the contract names it", () => {
    const seen: string[] = [];
    eachString(task, (text, path) => seen.push(`${path}=${text}`));
    expect(seen).toEqual([
      "taskType=imageInference",
      "seedImage=a",
      "referenceImages.0=b",
      "referenceImages.1=c",
      "controlNet.0.model=m",
      "controlNet.0.guideImage=d",
    ]);
  });

  it("are swapped in a copy, numbers and the original left as they were", () => {
    const copy = mapStrings(task, (text, path) =>
      path.endsWith("guideImage") || path === "referenceImages.1" ? text.toUpperCase() : text,
    );
    expect(copy).toEqual({
      ...task,
      referenceImages: ["b", "C"],
      controlNet: [{ model: "m", guideImage: "D", weight: 0.5 }],
    });
    expect(task.controlNet[0]?.guideImage).toBe("d");
  });
});
