"use client";

import { createContext, useContext } from "react";
import { useModelByAir } from "@/lib/client/create/tools";
import type { ModelCategory } from "@/lib/protocol/utility-tasks";
import { modelLabel } from "@/lib/studio/models/model-label";

/**
 * Catalogue names already known, by AIR id: a share link's page names its models on the server,
 * as a guest may not search the catalogue. Without it, each name is searched for.
 */
export const KnownModelNames = createContext<Readonly<Record<string, string>> | null>(null);

/**
 * A model as people know it: its catalogue name, with the AIR id beside it as a detail. A model no
 * search lists has no name to show, so it reads "Unlisted model", its id still beside it.
 */
export function ModelName({
  air,
  category = "checkpoint",
  testId,
}: {
  air: string;
  category?: ModelCategory;
  testId?: string;
}) {
  const known = useContext(KnownModelNames);
  const model = useModelByAir(known ? undefined : air, category);
  const name = known ? known[air] : model?.name;
  return (
    <span className="flex min-w-0 flex-col" data-testid={testId}>
      <span className="truncate text-foreground">{name ?? "Unlisted model"}</span>
      <span className="truncate font-mono text-[11px] text-muted-subtle">{air}</span>
    </span>
  );
}

/** A model on one line, as menus and chips show it: "FLUX.1 [schnell] · runware:100@1"; the id alone until the name comes. */
export function ModelLabel({ air, className }: { air: string; className?: string }) {
  const model = useModelByAir(air, "checkpoint");
  return (
    <span className={className} data-testid="model-label">
      {modelLabel(air, model?.name)}
    </span>
  );
}
