import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { writeAtomic, writeFileAtomic, writeFileAtomicSync } from "./atomic-write";

const dirs: string[] = [];

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atomic-write-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function diskFull(): never {
  throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
}

describe("atomic write", () => {
  it("replaces a file whole, leaving nothing beside it", async () => {
    const dir = folder();
    const file = path.join(dir, "nested", "keys.json");
    writeFileAtomicSync(file, "first");
    await writeFileAtomic(file, Buffer.from("second"));
    expect(fs.readFileSync(file, "utf8")).toBe("second");
    const bytes = await writeAtomic(file, async (handle) => {
      await handle.write("third, in parts");
      return 15;
    });
    expect(bytes).toBe(15);
    expect(fs.readFileSync(file, "utf8")).toBe("third, in parts");
    expect(fs.readdirSync(path.dirname(file))).toEqual(["keys.json"]);
  });

  it("syncs the bytes before renaming, unless the file is one that is made again when lost", async () => {
    const dir = folder();
    const probe = await fs.promises.open(path.join(dir, "probe"), "w");
    const FileHandle = Object.getPrototypeOf(probe) as { sync(): Promise<void> };
    await probe.close();
    const sync = vi.spyOn(FileHandle, "sync");
    await writeFileAtomic(path.join(dir, "media.png"), Buffer.from("kept"));
    expect(sync).toHaveBeenCalledTimes(1);
    const thumb = path.join(dir, "thumb.webp");
    await writeAtomic(thumb, (handle) => handle.writeFile("remade"), { durable: false });
    expect(sync).toHaveBeenCalledTimes(1);
    expect(fs.readFileSync(thumb, "utf8")).toBe("remade");
  });

  it("makes the folders a file needs, and writes into a folder already there", async () => {
    const dir = folder();
    const first = path.join(dir, "2025", "01", "a.png");
    await writeFileAtomic(first, Buffer.from("a"));
    await writeFileAtomic(path.join(dir, "2025", "01", "b.png"), Buffer.from("b"));
    expect(fs.readdirSync(path.join(dir, "2025", "01")).sort()).toEqual(["a.png", "b.png"]);
    expect(fs.readFileSync(first, "utf8")).toBe("a");
  });

  it("a write that fails halfway keeps the old file and leaves no temporary file", async () => {
    const dir = folder();
    const file = path.join(dir, "media.png");
    fs.writeFileSync(file, "old");
    await expect(
      writeAtomic(file, async (handle) => {
        await handle.write("half of the bytes");
        throw new Error("client went away");
      }),
    ).rejects.toThrow(/client went away/);
    expect(fs.readFileSync(file, "utf8")).toBe("old");
    expect(fs.readdirSync(dir)).toEqual(["media.png"]);
  });

  it("a synchronous write whose sync fails (a full disk) leaves no temporary file", () => {
    const dir = folder();
    const file = path.join(dir, "tasks.jsonl");
    fs.writeFileSync(file, "old");
    vi.spyOn(fs, "fsyncSync").mockImplementation(diskFull);
    expect(() => writeFileAtomicSync(file, "new")).toThrow(/ENOSPC/);
    expect(fs.readFileSync(file, "utf8")).toBe("old");
    expect(fs.readdirSync(dir)).toEqual(["tasks.jsonl"]);
  });

  it("a rename that fails (the target is a folder) leaves no temporary file", async () => {
    const dir = folder();
    const target = path.join(dir, "taken");
    fs.mkdirSync(path.join(target, "inside"), { recursive: true });
    await expect(writeFileAtomic(target, Buffer.from("x"))).rejects.toThrow();
    expect(() => writeFileAtomicSync(target, "x")).toThrow();
    expect(fs.readdirSync(dir)).toEqual(["taken"]);
  });
});
