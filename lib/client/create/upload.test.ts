import { afterEach, describe, expect, it, vi } from "vitest";
import { UPLOAD_LIMIT_BYTES } from "@/lib/studio/uploads";
import { refusalMessage, uploadImage } from "./upload";

afterEach(() => vi.unstubAllGlobals());

describe("uploadImage", () => {
  it("refuses a file over the limit without sending it", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const big = new File([new Uint8Array(UPLOAD_LIMIT_BYTES + 1)], "huge.png", { type: "image/png" });
    const result = await uploadImage(big);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]?.message).toMatch(/larger than 20 MB/);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("refusalMessage", () => {
  const errors = [{ code: "invalidImage", message: "The file is not an image the studio can read." }];
  it("names the file and says the shown image stays", () => {
    const file = new File(["notes"], "holiday.png");
    expect(refusalMessage(file, errors, true)).toBe(
      "“holiday.png” was not used: The file is not an image the studio can read. The image shown is kept.",
    );
    expect(refusalMessage(new Blob(["x"]), errors, false)).toBe(
      "The pasted image was not used: The file is not an image the studio can read.",
    );
  });
});
