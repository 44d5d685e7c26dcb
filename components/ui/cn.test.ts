import { describe, expect, it } from "vitest";
import { cn, focusRing } from "./cn";
import { inputClasses } from "./field";

describe("cn", () => {
  it("lets a caller's size override a primitive's", () => {
    const classes = cn(inputClasses, "h-8 w-20 px-2").split(" ");
    expect(classes).toContain("h-8");
    expect(classes).toContain("w-20");
    expect(classes).not.toContain("h-10");
    expect(classes).not.toContain("w-full");
    expect(classes).not.toContain("px-3");
  });

  it("keeps the studio's own tokens apart from the properties they do not share", () => {
    expect(cn("text-[13px] text-foreground font-medium")).toBe("text-[13px] text-foreground font-medium");
    expect(cn("text-muted", "text-danger-fg")).toBe("text-danger-fg");
    expect(cn("rounded-control", "rounded-card")).toBe("rounded-card");
    expect(cn("bg-panel shadow-panel", "bg-surface-sunken")).toBe("shadow-panel bg-surface-sunken");
    expect(cn("border border-border-strong", false, null, undefined, focusRing)).toBe(
      `border border-border-strong ${focusRing}`,
    );
  });
});
