import { isInlineMediaRef } from "@/lib/studio/inline-media-ref";

/**
 * A recorded task's media, made usable by a form again. Media sent inline (a painted mask, a
 * pasted image) is stored apart and its place in the params holds an `InlineMediaRef`: it becomes
 * a data URI again, exactly what was sent. Studio images (uploads, results) are referred to by
 * id: each is looked up so its preview is at hand when the form shows it. All lookups run at
 * once, so a task with many media costs one round trip, or none when they are cached.
 */

export interface RecallMediaDeps {
  /** The stored bytes of inline media as a data URI; rejects when they are gone. */
  inline(storageKey: string): Promise<string>;
  /** Whether the studio still has the image with this id (its preview is then cached). */
  image(id: string): Promise<boolean>;
}

export interface RestoredMedia {
  params: Record<string, unknown>;
  /** What could not be restored, each named as the form names it, with why. */
  lost: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Typed by the person as the service's ids or web addresses: not the studio's to look up. */
const TYPED_REFERENCES = new Set(["referenceVideos", "referenceAudios", "documents", "urls"]);
const NOT_MEDIA = new Set(["taskUUID", "model"]);

type Path = readonly (string | number)[];

/** How the form names the media at `path` (`controlNet.1.guideImage` is ControlNet unit 2's guide). */
export function mediaLabel(path: Path, params: Record<string, unknown> = {}): string {
  const [head, second, third] = path;
  const n = typeof second === "number" ? second + 1 : null;
  if (head === "seedImage") return "the source image";
  if (head === "maskImage") return "the mask";
  if (head === "controlNet" && n) return `the guide image of ControlNet unit ${n}`;
  if (head === "ipAdapters" && n) return `the guide image of IP-Adapter ${n}`;
  if (head === "referenceImages" && n) return `reference image ${n}`;
  if (head === "inputs" && second === "referenceImages" && typeof third === "number")
    return `reference image ${third + 1}`;
  if (head === "inputs" && second === "frameImages" && typeof third === "number") {
    const frames = (params.inputs as { frameImages?: unknown[] } | undefined)?.frameImages ?? [];
    const item = frames[third] as { frame?: unknown } | undefined;
    const last = item?.frame === "last" || (item?.frame === undefined && third === 1);
    return last ? "the last frame" : "the first frame";
  }
  return `the image at ${path.join(".")}`;
}

interface Found {
  path: Path;
  kind: "inline" | "image";
  value: unknown;
}

function collect(value: unknown, path: Path, out: Found[]): void {
  const key = path[path.length - 1];
  if (typeof key === "string" && NOT_MEDIA.has(key)) return;
  if (path.length === 2 && path[0] === "inputs" && TYPED_REFERENCES.has(String(key))) return;
  if (isInlineMediaRef(value)) out.push({ path, kind: "inline", value });
  else if (typeof value === "string" && UUID.test(value)) out.push({ path, kind: "image", value });
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) collect(v, [...path, i], out);
  } else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) collect(v, [...path, k], out);
}

function setAt(target: Record<string, unknown>, path: Path, value: unknown): void {
  let node: Record<string | number, unknown> = target;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === undefined && !Array.isArray(node)) delete node[last];
  else node[last] = value ?? "";
}

/** The params with inline media as data URIs again, and the media that could not be restored. */
export async function restoreMedia(
  params: Record<string, unknown>,
  deps: RecallMediaDeps,
): Promise<RestoredMedia> {
  const found: Found[] = [];
  collect(params, [], found);
  if (found.length === 0) return { params, lost: [] };
  const copy = structuredClone(params);
  // Named in the order of the params, not in the order the lookups answer.
  const problems = await Promise.all(
    found.map(async ({ path, kind, value }): Promise<string | null> => {
      const label = mediaLabel(path, params);
      if (kind === "image") {
        // Only a definite "not found" counts: a lookup that failed otherwise may work in the form.
        const kept = await deps.image(value as string).catch(() => true);
        return kept ? null : `${label}: the studio does not have it`;
      }
      const key = isInlineMediaRef(value) ? value.$inline.storageKey : undefined;
      const restored = key ? await deps.inline(key).catch(() => undefined) : undefined;
      // An object where the form expects an image would break it: an empty field says "missing".
      setAt(copy, path, restored);
      return restored === undefined ? `${label}: its file is no longer kept` : null;
    }),
  );
  return { params: copy, lost: problems.filter((p): p is string => p !== null) };
}

/** The line that says what a recall filled in, and what it could not. */
export function recallNotice(part: string, lost: readonly string[]): string {
  const what = part === "all" ? "past task" : `past task's ${part}`;
  if (lost.length === 0) return `Filled in from a ${what}.`;
  return `Filled in from a ${what}, except ${lost.join("; ")}.`;
}
