import { describe, expect, it } from "vitest";
import { argsWith, switchesOf } from "./switch-sets";

describe("switchesOf", () => {
  it("splits switches on spaces", () => {
    expect(switchesOf(" --num-raster-threads=1  --disable-checker-imaging ")).toEqual([
      "--num-raster-threads=1",
      "--disable-checker-imaging",
    ]);
  });

  it("keeps a double-quoted value whole, without its quotes", () => {
    expect(switchesOf('--js-flags="--no-opt --no-maglev" --in-process-gpu')).toEqual([
      "--js-flags=--no-opt --no-maglev",
      "--in-process-gpu",
    ]);
  });

  it("finds none in an empty value", () => {
    expect(switchesOf("")).toEqual([]);
  });
});

describe("argsWith", () => {
  const base = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];

  it("adds switches after the base ones", () => {
    expect(argsWith(base, ["--in-process-gpu"])).toEqual([...base, "--in-process-gpu"]);
  });

  it("drops a base switch written with a leading !", () => {
    expect(argsWith(base, ["!--disable-dev-shm-usage", "--in-process-gpu"])).toEqual([
      "--no-sandbox",
      "--disable-gpu",
      "--in-process-gpu",
    ]);
  });
});
