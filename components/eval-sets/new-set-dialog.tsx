"use client";

import { LoaderCircle, Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/field";
import { Segmented } from "@/components/ui/segmented";
import { Select } from "@/components/ui/select";
import { call, useEndpoint } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import type { ApiError } from "@/lib/studio/api/errors";
import { plural } from "@/lib/studio/words";

type Source = "hand" | "board" | "experiment";

const SOURCES: { value: Source; label: string }[] = [
  { value: "hand", label: "By hand" },
  { value: "board", label: "From a board" },
  { value: "experiment", label: "From an experiment" },
];

/** Names a new set and where its cases come from; opens the set when made. */
export function NewSetDialog() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [source, setSource] = useState<Source>("hand");
  const [fromId, setFromId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const boards = useEndpoint(
    api.boards.list,
    { query: { limit: 100 } },
    { enabled: open && source === "board" },
  );
  const experiments = useEndpoint(
    api.experiments.list,
    { query: { limit: 100 } },
    { enabled: open && source === "experiment" },
  );

  async function create() {
    setBusy(true);
    setError(null);
    const body = source === "hand" ? { name, cases: [] } : { name, from: { kind: source, id: fromId } };
    let made: { id: string };
    try {
      made = await call(api.evalSets.create, { body });
    } catch (err) {
      setBusy(false);
      setError((err as ApiError).errors.map((e) => e.message).join(" "));
      return;
    }
    setBusy(false);
    setOpen(false);
    router.push(`/experiments/sets/${made.id}`);
  }

  const options =
    source === "board"
      ? (boards.data?.boards ?? []).map((b) => ({ id: b.id, label: `${b.name} (${b.itemCount})` }))
      : (experiments.data?.items ?? []).map((e) => ({
          id: e.id,
          label: `${e.name} (${plural(e.cells, "cell")})`,
        }));

  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        <Plus aria-hidden /> New set
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="New evaluation set"
        description="A named list of prompts with their seeds, to run again against each new model or setting."
      >
        <div className="flex flex-col gap-4">
          <TextField
            id="eval-set-name"
            label="Name"
            value={name}
            maxLength={200}
            placeholder="Portraits, hard lighting"
            onChange={(e) => setName(e.target.value)}
          />
          <div className="flex flex-col gap-1.5">
            <span className="font-medium text-[13px] text-foreground">Cases</span>
            <Segmented
              label="Where the cases come from"
              value={source}
              options={SOURCES}
              onChange={(v) => {
                setSource(v);
                setFromId("");
              }}
            />
          </div>
          {source === "hand" ? (
            <p className="text-[13px] text-muted">You add the prompts and seeds on the set's page.</p>
          ) : (
            <div className="flex flex-col gap-1.5 text-[13px] text-foreground">
              <label htmlFor="eval-set-source" className="font-medium">
                {source === "board" ? "Board" : "Experiment"}
              </label>
              <Select id="eval-set-source" value={fromId} onChange={(e) => setFromId(e.target.value)}>
                <option value="">Choose…</option>
                {options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </Select>
              <span className="text-[12px] text-muted-subtle">
                Each result's prompt and seed becomes a case (up to 50, each once).
              </span>
            </div>
          )}
          <FormError>{error}</FormError>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="primary"
              disabled={busy || name.trim() === "" || (source !== "hand" && fromId === "")}
              onClick={() => void create()}
            >
              {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
              Create set
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
