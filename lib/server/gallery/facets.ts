import "server-only";
import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item, itemTag, user } from "@/lib/server/db/schema";
import type { ModelNames } from "@/lib/server/models/model-names";
import type { GalleryFacets } from "@/lib/studio/gallery/filter";

/** A menu lists at most this many values, the commonest first. */
const FACET_LIMIT = 100;

export async function galleryFacets(db: StudioDatabase): Promise<GalleryFacets> {
  const live = isNull(item.deletedAt);
  const n = count();
  const [models, loras, authors, tags, workflows] = await Promise.all([
    db
      .select({ id: item.model, count: n })
      .from(item)
      .where(and(live, isNotNull(item.model)))
      .groupBy(item.model)
      .orderBy(desc(n), item.model)
      .limit(FACET_LIMIT),
    db
      .select({ id: sql<string>`l.lora`, count: sql<number>`count(*)::int` })
      .from(sql`${item}, unnest(${item.loras}) as l(lora)`)
      .where(live)
      .groupBy(sql`l.lora`)
      .orderBy(sql`count(*) desc`, sql`l.lora`)
      .limit(FACET_LIMIT),
    db
      .select({ id: item.authorId, name: user.name, count: n })
      .from(item)
      .innerJoin(user, eq(user.id, item.authorId))
      .where(live)
      .groupBy(item.authorId, user.name)
      .orderBy(desc(n), user.name)
      .limit(FACET_LIMIT),
    db
      .select({ tag: itemTag.tag, count: n })
      .from(itemTag)
      .innerJoin(item, eq(item.id, itemTag.itemId))
      .where(live)
      .groupBy(itemTag.tag)
      .orderBy(desc(n), itemTag.tag)
      .limit(FACET_LIMIT),
    db
      .select({ workflow: item.workflow, count: n })
      .from(item)
      .where(and(live, isNotNull(item.workflow)))
      .groupBy(item.workflow)
      .orderBy(desc(n), item.workflow)
      .limit(FACET_LIMIT),
  ]);
  return {
    models: models.flatMap((m) => (m.id ? [{ id: m.id, count: Number(m.count) }] : [])),
    loras: loras.map((l) => ({ id: l.id, count: Number(l.count) })),
    authors: authors.map((a) => ({ id: a.id, name: a.name, count: Number(a.count) })),
    tags: tags.map((t) => ({ tag: t.tag, count: Number(t.count) })),
    workflows: workflows.flatMap((w) =>
      w.workflow ? [{ workflow: w.workflow, count: Number(w.count) }] : [],
    ),
  };
}

/** The facets with the models and LoRAs named as the service's catalogue names them. */
export async function namedFacets(facets: GalleryFacets, names: ModelNames): Promise<GalleryFacets> {
  const known = await names.of([...facets.models.map((m) => m.id), ...facets.loras.map((l) => l.id)]);
  const named = <T extends { id: string }>(entry: T): T => {
    const name = known.get(entry.id);
    return name ? { ...entry, name } : entry;
  };
  return { ...facets, models: facets.models.map(named), loras: facets.loras.map(named) };
}
