import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import {
  checkFeatures,
  describeFeatureViolation,
  featureNamedBy,
  LAYERS,
  MAP_FILE,
  readFeatureMap,
} from "./check-features";

const run = promisify(execFile);
const dirs: string[] = [];
const ROOT = path.resolve(__dirname, "..");

const MAP = `# Architecture

## Features and their folders

| Feature    | \`lib/studio/api\`           | \`lib/server\` | \`lib/studio\` | \`lib/client\` | \`components\` |
| ---------- | -------------------------- | ------------ | ------------ | ------------ | ------------ |
| \`comments\` | \`comments.ts\`              | \`comments/\`  | \`comments/\`  | —            | \`comments/\`  |
| \`gallery\`  | \`gallery.ts\`, \`index.ts\`   | \`gallery/\`   | —            | \`gallery/\`   | \`gallery/\`   |
| \`organize\` | \`boards.ts\` (the boards)   | \`organize/\`  | —            | \`organize/\`  | \`organize/\`  |

## The next section
`;

/** A tree laid out like the studio's, holding the map and only `files`. */
function fixture(files: Record<string, string>, map = MAP): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "features-"));
  dirs.push(dir);
  const all = { [MAP_FILE]: map, ...files };
  for (const [file, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** Every folder and declaration file the fixture's map names, each holding one file. */
const MAPPED = {
  "lib/studio/api/comments.ts": "",
  "lib/studio/api/gallery.ts": "",
  "lib/studio/api/index.ts": "",
  "lib/studio/api/boards.ts": "",
  "lib/studio/api/errors.test.ts": "",
  "lib/server/comments/comments.ts": "",
  "lib/server/gallery/filter-query.ts": "",
  "lib/server/gallery/months.test.ts": "",
  "lib/server/organize/boards.ts": "",
  "lib/studio/comments/mentions.ts": "",
  "lib/studio/params.ts": "",
  "lib/client/gallery/cache.ts": "",
  "lib/client/organize/keys.ts": "",
  "lib/client/endpoint-client.ts": "",
  "components/comments/comment-box.tsx": "",
  "components/gallery/gallery-card.tsx": "",
  "components/organize/boards-view.tsx": "",
};

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const described = (dir: string) => checkFeatures({ baseDir: dir }).map(describeFeatureViolation);

describe("the feature check", () => {
  it("reads the map's rows, their folders and their declaration files", () => {
    const rows = readFeatureMap(MAP);
    expect(rows).toEqual([
      {
        feature: "comments",
        folders: { "lib/server": "comments/", "lib/studio": "comments/", components: "comments/" },
        apiFiles: ["comments.ts"],
      },
      {
        feature: "gallery",
        folders: { "lib/server": "gallery/", "lib/client": "gallery/", components: "gallery/" },
        apiFiles: ["gallery.ts", "index.ts"],
      },
      {
        feature: "organize",
        folders: { "lib/server": "organize/", "lib/client": "organize/", components: "organize/" },
        apiFiles: ["boards.ts"],
      },
    ]);
    expect(readFeatureMap("# Architecture\n\nNo map here.\n")).toBeNull();
  });

  it("passes a tree laid out as its map says", () => {
    expect(described(fixture(MAPPED))).toEqual([]);
  });

  it("refuses a file of another feature settling in lib/server/gallery again, and a loose one in a layer's root", () => {
    const dir = fixture({
      ...MAPPED,
      "lib/server/gallery/comment-insert.ts": "",
      "lib/server/gallery/organize-live.ts": "",
      "lib/studio/comments.ts": "",
      "lib/client/gallery-cache.ts": "",
    });
    expect(described(dir).sort()).toEqual([
      'loose-file: lib/client/gallery-cache.ts (named after the feature "gallery": it belongs in lib/client/gallery/)',
      'loose-file: lib/server/gallery/comment-insert.ts (named after the feature "comments": it belongs in lib/server/comments/)',
      'loose-file: lib/server/gallery/organize-live.ts (named after the feature "organize": it belongs in lib/server/organize/)',
      'loose-file: lib/studio/comments.ts (named after the feature "comments": it belongs in lib/studio/comments/)',
    ]);
  });

  it("refuses a feature's folder under a second name in one layer, and a row's folder that is not there", () => {
    const { "lib/client/organize/keys.ts": _keys, ...rest } = MAPPED;
    const dir = fixture({ ...rest, "lib/client/boards/keys.ts": "" });
    expect(described(dir).sort()).toEqual([
      'feature-folder-missing: lib/client/organize/ (the row "organize" names lib/client/organize/, which is not there)',
      `feature-folder-unnamed: lib/client/boards/ (no row of ${MAP_FILE} names lib/client/boards/: use the feature's one name, or add its row)`,
    ]);
  });

  it("refuses a row that names a layer's folder otherwise than its feature", () => {
    const map = MAP.replace("| `comments/`  |\n", "| `review/`    |\n");
    const { "components/comments/comment-box.tsx": _box, ...rest } = MAPPED;
    const dir = fixture({ ...rest, "components/review/comment-box.tsx": "" }, map);
    expect(described(dir)).toEqual([
      "feature-folder-misnamed: components/review/ (the row \"comments\" names components/review/: a feature's folder takes the feature's name (components/comments/))",
    ]);
  });

  it("holds every declaration file of lib/studio/api to one row", () => {
    const map = MAP.replace("`boards.ts` (the boards)", "`boards.ts`, `saved-searches.ts`, `gallery.ts`");
    const dir = fixture({ ...MAPPED, "lib/studio/api/trash.ts": "" }, map);
    expect(described(dir).sort()).toEqual([
      'api-file-missing: lib/studio/api/saved-searches.ts (the row "organize" names it)',
      "api-file-unnamed: lib/studio/api/gallery.ts (the rows gallery, organize all name it)",
      "api-file-unnamed: lib/studio/api/trash.ts (no row names it)",
    ]);
  });

  it("names a file's feature by its first words, a feature's singular included", () => {
    const features = ["comments", "eval-sets", "share", "gallery"];
    expect(featureNamedBy("comment-insert.test.ts", features)).toBe("comments");
    expect(featureNamedBy("comments.ts", features)).toBe("comments");
    expect(featureNamedBy("eval-set-votes.ts", features)).toBe("eval-sets");
    expect(featureNamedBy("share-view.tsx", features)).toBe("share");
    expect(featureNamedBy("shared.ts", features)).toBeNull();
    expect(featureNamedBy("filter-query.ts", features)).toBeNull();
  });

  it("fails its command on a stray tree, naming the file, and passes the studio's own", async () => {
    const dir = fixture({ ...MAPPED, "lib/server/gallery/comment-threads.ts": "" });
    const failed = await run(process.execPath, ["--import", "tsx", "scripts/check-features.ts", dir], {
      cwd: ROOT,
    }).then(
      () => null,
      (err: { code?: number; stderr?: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("loose-file: lib/server/gallery/comment-threads.ts");

    expect(checkFeatures().map(describeFeatureViolation)).toEqual([]);
  }, 60_000);

  it("catches, with the studio's own map, a file of another feature put back in lib/server/gallery", () => {
    // The studio's map over a copy of its folders (one file each), then one stray file.
    const files: Record<string, string> = { [MAP_FILE]: fs.readFileSync(path.join(ROOT, MAP_FILE), "utf8") };
    for (const layer of LAYERS) {
      for (const entry of fs.readdirSync(path.join(ROOT, layer), { withFileTypes: true })) {
        if (entry.isDirectory()) files[`${layer}/${entry.name}/index.ts`] = "";
      }
    }
    for (const file of fs.readdirSync(path.join(ROOT, "lib/studio/api")))
      files[`lib/studio/api/${file}`] = "";
    const clean = fixture(files, files[MAP_FILE]);
    expect(described(clean)).toEqual([]);
    fs.writeFileSync(path.join(clean, "lib/server/gallery/comment-marks.ts"), "");
    expect(described(clean)).toEqual([
      'loose-file: lib/server/gallery/comment-marks.ts (named after the feature "comments": it belongs in lib/server/comments/)',
    ]);
  });
});
