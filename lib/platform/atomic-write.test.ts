import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { writeAtomic, writeFileAtomic, writeFileAtomicSync, writeNewFile } from "./atomic-write";

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

/** What every open file's handle inherits, to watch or fail its calls. */
async function fileHandles(): Promise<{ sync(): Promise<void>; writeFile(): Promise<void> }> {
  const handle = await fs.promises.open(os.tmpdir(), "r");
  await handle.close();
  return Object.getPrototypeOf(handle);
}

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
    const sync = vi.spyOn(await fileHandles(), "sync");
    await writeFileAtomic(path.join(dir, "media.png"), Buffer.from("kept"));
    expect(sync).toHaveBeenCalledTimes(1);
    const thumb = path.join(dir, "thumb.webp");
    await writeAtomic(thumb, (handle) => handle.writeFile("remade"), { durable: false });
    expect(sync).toHaveBeenCalledTimes(1);
    expect(fs.readFileSync(thumb, "utf8")).toBe("remade");
  });

  it("writes a new file in place, synced, and never over one that exists", async () => {
    const dir = folder();
    const file = path.join(dir, "2026", "05", "new.png");
    const sync = vi.spyOn(await fileHandles(), "sync");
    const rename = vi.spyOn(fs.promises, "rename");
    await writeNewFile(file, Buffer.from("first"));
    expect(fs.readFileSync(file, "utf8")).toBe("first");
    expect(sync).toHaveBeenCalledTimes(1);
    expect(rename).not.toHaveBeenCalled();
    await expect(writeNewFile(file, Buffer.from("second"))).rejects.toMatchObject({ code: "EEXIST" });
    expect(fs.readFileSync(file, "utf8")).toBe("first");
    expect(fs.readdirSync(path.dirname(file))).toEqual(["new.png"]);
  });

  it("a new file whose write fails is removed", async () => {
    const dir = folder();
    vi.spyOn(await fileHandles(), "writeFile").mockImplementation(async () => diskFull());
    await expect(writeNewFile(path.join(dir, "full.png"), Buffer.from("bytes"))).rejects.toThrow(/ENOSPC/);
    expect(fs.readdirSync(dir)).toEqual([]);
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
