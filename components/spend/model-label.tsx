"use client";

import { useModelByAir } from "@/lib/client/create/tools";

/** A model in the spend tables: its catalogue name, its AIR id beside it as a detail. */
export function ModelLabel({ air }: { air: string }) {
  const model = useModelByAir(air, "checkpoint");
  return (
    <span className="flex min-w-0 flex-col">
      <span className="truncate">{model?.name ?? "Unlisted model"}</span>
      <span className="truncate font-mono text-[11px] text-muted-subtle">{air}</span>
    </span>
  );
}
