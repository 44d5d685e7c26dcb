"use client";

import type { ReactNode } from "react";
import { ModelName } from "@/components/create/model-name";
import Link from "@/components/ui/link";
import { labelOf } from "@/lib/client/create/field-labels";
import { promptForPeople } from "@/lib/client/create/prompt-words";
import { viewerUrl } from "@/lib/studio/api/gallery-urls";
import { isInlineMediaRef } from "@/lib/studio/inline-media-ref";
import type { ItemDetail } from "@/lib/studio/items/item-detail";
import { type DetailFact, MEMBER_SCOPE, scopeRules, type ViewerScope } from "@/lib/studio/share/share-scope";
import { usd } from "@/lib/studio/spend/money";
import { ItemThumb } from "./item-thumb";

const timeFormat = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

function valueWords(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return value;
  if (isInlineMediaRef(value)) return "An uploaded image";
  if (Array.isArray(value)) return value.map(valueWords).join("; ") || "None";
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${labelOf(k).toLowerCase()}: ${valueWords(v)}`)
      .join(", ");
  }
  return String(value);
}

/** A model named as people know it, its AIR id beside; a LoRA list as one such line per LoRA. */
function modelValue(key: string, value: unknown): ReactNode | null {
  if (key === "model" && typeof value === "string" && value)
    return <ModelName air={value} testId="detail-model" />;
  if (key !== "lora" || !Array.isArray(value)) return null;
  const loras = value.flatMap((l) =>
    l && typeof l === "object" && typeof (l as { model?: unknown }).model === "string"
      ? [{ air: (l as { model: string }).model, weight: (l as { weight?: unknown }).weight }]
      : [],
  );
  if (loras.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1.5">
      {loras.map((l) => (
        <li key={l.air} className="flex items-start gap-2">
          <ModelName air={l.air} category="lora" testId="detail-lora" />
          {typeof l.weight === "number" ? (
            <span className="text-muted tabular-nums">× {l.weight}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Related({
  title,
  list,
  search,
}: {
  title: string;
  list: ItemDetail["lineage"]["sources"];
  search: string;
}) {
  if (list.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium text-[12px] text-muted-subtle uppercase tracking-[0.12em]">{title}</h3>
      <ul className="flex flex-wrap gap-2">
        {list.map(({ item, role }) => (
          <li key={`${item.id}-${role}`}>
            <Link
              href={viewerUrl(item.id, search)}
              data-testid="lineage-link"
              title={`${labelOf(role)}: ${promptForPeople(item.prompt) ?? "No prompt"}`}
              className="group flex w-20 flex-col gap-1"
            >
              <span className="block aspect-square overflow-hidden rounded-md border border-border bg-surface-sunken group-hover:border-accent/60">
                <ItemThumb
                  itemId={item.id}
                  url={item.url}
                  kind={item.kind}
                  alt={promptForPeople(item.prompt) ?? "Item"}
                />
              </span>
              <span className="truncate text-[11px] text-muted">{labelOf(role)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What the details panel reads of an item: a member's detail (subjectOf), or a guest's shared item
 * with what its link shows. A field left out is not shown.
 */
export interface DetailsSubject {
  /** Undefined where the prompt is not shown at all (a link that hides it). */
  prompt?: string | null | undefined;
  params?: Readonly<Record<string, unknown>> | undefined;
  authorName?: string | undefined;
  createdAt: string;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  seed?: string | null | undefined;
  cost?: number | null | undefined;
  notDrawn?: readonly string[] | undefined;
  lineage?: ItemDetail["lineage"] | undefined;
}

export function subjectOf(detail: ItemDetail): DetailsSubject {
  const { item } = detail;
  return { ...item, params: detail.params, notDrawn: detail.notDrawn, lineage: detail.lineage };
}

function factOf(fact: DetailFact, s: DetailsSubject): [string, ReactNode] | null {
  switch (fact) {
    case "madeBy":
      return s.authorName ? ["Made by", s.authorName] : null;
    case "made":
      return ["Made", timeFormat.format(new Date(s.createdAt))];
    case "size":
      return ["Size", s.width && s.height ? `${s.width} × ${s.height}` : "Unknown"];
    case "length":
      return s.durationSeconds ? ["Length", `${s.durationSeconds.toFixed(1)} s`] : null;
    case "seed":
      return s.seed ? ["Seed of this result", s.seed] : null;
    case "cost":
      // What the service charged for this result; results from before costs were asked have none.
      return s.cost != null ? ["Cost", usd(s.cost)] : null;
    case "notDrawn":
      // The built-in engine draws a fixed set of things; what it could not draw is said, not hidden.
      return s.notDrawn?.length ? ["Not drawn", s.notDrawn.join(", ")] : null;
  }
}

/** The item's prompt, parameters in words and lineage, as much of them as the scope shows. */
export function ItemDetails({
  subject,
  search = "",
  scope = MEMBER_SCOPE,
}: {
  subject: DetailsSubject;
  search?: string;
  scope?: ViewerScope;
}) {
  const rules = scopeRules(scope);
  const shownPrompt = rules.prompt && subject.prompt !== undefined;
  const rows = Object.entries(shownPrompt ? (subject.params ?? {}) : {}).filter(
    ([k, v]) => !rules.hiddenParams.has(k) && v !== undefined && v !== "",
  );
  const facts = rules.facts.flatMap((f): [string, ReactNode][] => {
    const fact = factOf(f, subject);
    return fact ? [fact] : [];
  });
  return (
    <div className="flex flex-col gap-5">
      {shownPrompt ? (
        <div>
          <h3 className="mb-1 font-medium text-[12px] text-muted-subtle uppercase tracking-[0.12em]">
            Prompt
          </h3>
          <p
            data-testid="item-prompt"
            className="whitespace-pre-wrap text-[13px] text-foreground leading-relaxed"
          >
            {promptForPeople(subject.prompt ?? null) ?? <span className="text-muted-subtle">No prompt</span>}
          </p>
        </div>
      ) : null}
      <dl
        data-testid="item-params"
        className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-1.5 text-[13px]"
      >
        {[
          ...facts,
          ...rows.map(
            ([k, v]) =>
              [k === "lora" ? "LoRAs" : labelOf(k), modelValue(k, v) ?? valueWords(v)] as [string, ReactNode],
          ),
        ].map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-subtle">{label}</dt>
            <dd className="min-w-0 break-words text-foreground/90">{value}</dd>
          </div>
        ))}
      </dl>
      {rules.studioLinks && subject.lineage ? (
        <>
          <Related title="Made from" list={subject.lineage.sources} search={search} />
          <Related title="Used to make" list={subject.lineage.derived} search={search} />
        </>
      ) : null}
    </div>
  );
}
