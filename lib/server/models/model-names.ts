import "server-only";
import { randomUUID } from "node:crypto";
import { modelSearchResultSchema } from "@/lib/protocol/results";
import { askService } from "@/lib/server/ask-service";
import type { UpstreamClient } from "@/lib/upstream";

/**
 * Models by the names people know ("FLUX.1 [schnell]"), for what the server renders or answers:
 * the gallery's filter menus and the share page. The names come from the configured service's
 * own catalogue (`modelSearch`), the one the Create form's picker reads, and are kept a while.
 */

/** A catalogue changes rarely; a name learnt is good for this long. */
const KEEP_MS = 10 * 60_000;
/** A failed search is tried again after this long, so a service that was down is asked again. */
const RETRY_MS = 60_000;
/** A page waits at most this long for names; without them it shows the ids alone. */
const WAIT_MS = 3000;

interface Known {
  name: string | null;
  until: number;
}

export interface ModelNamesOptions {
  now?: () => number;
  waitMs?: number;
}

export class ModelNames {
  private readonly known = new Map<string, Known>();
  private readonly now: () => number;
  private readonly waitMs: number;

  constructor(
    private readonly upstream: UpstreamClient,
    options: ModelNamesOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.waitMs = options.waitMs ?? WAIT_MS;
  }

  /** The names of the models the service lists, by AIR id; an id it does not list is left out. */
  async of(airs: Iterable<string>): Promise<Map<string, string>> {
    const wanted = [...new Set(airs)].filter(Boolean);
    const now = this.now();
    const missing = wanted.filter((air) => (this.known.get(air)?.until ?? 0) <= now);
    await Promise.all(missing.map((air) => this.learn(air)));
    const names = new Map<string, string>();
    for (const air of wanted) {
      const name = this.known.get(air)?.name;
      if (name) names.set(air, name);
    }
    return names;
  }

  private async learn(air: string): Promise<void> {
    const task = { taskType: "modelSearch" as const, taskUUID: randomUUID(), search: air, limit: 10 };
    const answer = await askService(this.upstream, task, this.waitMs, AbortSignal.timeout(this.waitMs)).catch(
      () => null,
    );
    if (!answer?.ok) {
      this.known.set(air, { name: this.known.get(air)?.name ?? null, until: this.now() + RETRY_MS });
      return;
    }
    const found = answer.results.flatMap((r) => {
      const parsed = modelSearchResultSchema.safeParse(r);
      return parsed.success ? parsed.data.results : [];
    });
    const model = found.find((m) => m.air === air);
    this.known.set(air, { name: model?.name || null, until: this.now() + KEEP_MS });
  }
}

const byUpstream = new WeakMap<UpstreamClient, ModelNames>();

/** The process's names for one configured service. */
export function modelNamesFor(upstream: UpstreamClient): ModelNames {
  let names = byUpstream.get(upstream);
  if (!names) {
    names = new ModelNames(upstream);
    byUpstream.set(upstream, names);
  }
  return names;
}
