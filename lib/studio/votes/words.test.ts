import { describe, expect, it } from "vitest";
import { agreementWords } from "./words";

describe("agreement as a reviewer first reads it", () => {
  it("says a split vote in words, the statistic only in the detail", () => {
    const out = agreementWords({ share: 0.4, kappa: -0.19 });
    expect(out.headline).toBe("Voters often disagreed: the ranking is little better than a coin toss.");
    expect(out.headline).not.toMatch(/kappa|\d/);
    expect(out.detail).toContain("40% of the pairs");
    expect(out.detail).toContain("Fleiss' kappa -0.19 (no better than chance");
  });

  it("names agreement and partial agreement, and says when there is too little to tell", () => {
    expect(agreementWords({ share: 0.95, kappa: 0.8 }).headline).toMatch(/^Voters agreed/);
    expect(agreementWords({ share: 0.7, kappa: 0.35 }).headline).toMatch(/^Voters partly agreed/);
    expect(agreementWords(null).headline).toBe("Too few votes to say whether voters agree.");
  });
});
