"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { call, useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import type { ApiError } from "@/lib/studio/api/errors";
import { EDITABLE_PARAMETERS, type EditableParameter } from "@/lib/studio/queue/queue";

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function refusalOf(error: unknown): string {
  const e = error as ApiError | undefined;
  const first = e?.errors?.[0];
  if (!first) return "That did not work. Try again.";
  const name =
    first.parameter && first.parameter in EDITABLE_PARAMETERS
      ? EDITABLE_PARAMETERS[first.parameter as EditableParameter]
      : null;
  return name ? `${name}: ${first.message}` : first.message;
}

/** What a bulk edit works on: the tasks chosen, and the experiments (their cells not yet sent). */
export interface EditTargets {
  taskUUIDs: string[];
  experimentIds: string[];
}

/** The edit's body names only the kinds chosen (each list, when given, names at least one). */
function named(targets: EditTargets) {
  return {
    ...(targets.taskUUIDs.length > 0 ? { taskUUIDs: targets.taskUUIDs } : {}),
    ...(targets.experimentIds.length > 0 ? { experimentIds: targets.experimentIds } : {}),
  };
}

/** What a count counts: tasks, an experiment's cells, or both. */
function nounOf(targets: EditTargets): [string, string] {
  if (targets.experimentIds.length === 0) return ["task", "tasks"];
  if (targets.taskUUIDs.length === 0) return ["cell", "cells"];
  return ["task or cell", "tasks and cells"];
}

function skippedWords(skipped: number): string {
  return skipped > 0 ? ` ${counted(skipped, "task was", "tasks were")} already sent and left as it was.` : "";
}

/** Find-and-replace over the chosen tasks' prompts, with how many it would change before it does. */
export function FindReplace({ targets }: { targets: EditTargets }) {
  const [find, setFind] = useState("");
  const [replacement, setReplacement] = useState("");
  const [preview, setPreview] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const edit = useEndpointMutation(api.queue.edit, {
    onSuccess: (outcome) => {
      setDone(`Replaced in ${counted(outcome.changed, ...nounOf(targets))}.${skippedWords(outcome.skipped)}`);
      setFind("");
      setReplacement("");
    },
  });
  const key = JSON.stringify(targets);
  // What the last replace did stays said until the person types again (clearing the fields after
  // it is not typing).
  useEffect(() => {
    if (!find) {
      setPreview(null);
      return;
    }
    const chosen = JSON.parse(key) as EditTargets;
    const controller = new AbortController();
    const t = setTimeout(() => {
      call(
        api.queue.edit,
        { body: { ...named(chosen), replace: { find, with: replacement }, preview: true } },
        {
          signal: controller.signal,
        },
      )
        .then((o) =>
          setPreview(
            o.matches === 0
              ? "No match in the chosen tasks."
              : `${counted(o.matches, "match", "matches")} in ${counted(o.changed, ...nounOf(chosen))}.`,
          ),
        )
        .catch((err: unknown) => {
          if (!controller.signal.aborted) setPreview(refusalOf(err));
        });
    }, 250);
    return () => {
      clearTimeout(t);
      controller.abort();
    };
  }, [find, replacement, key]);
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        if (find) edit.mutate({ body: { ...named(targets), replace: { find, with: replacement } } });
      }}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <input
          aria-label="Find in prompts"
          placeholder="Find in prompts"
          value={find}
          onChange={(e) => {
            setDone(null);
            setFind(e.target.value);
          }}
          className={`${inputClasses} h-8 min-w-0 flex-1 text-[13px]`}
        />
        <input
          aria-label="Replace with"
          placeholder="Replace with"
          value={replacement}
          onChange={(e) => {
            setDone(null);
            setReplacement(e.target.value);
          }}
          className={`${inputClasses} h-8 min-w-0 flex-1 text-[13px]`}
        />
        <Button size="sm" type="submit" disabled={!find || edit.isPending}>
          Replace
        </Button>
      </div>
      <p className="text-[12px] text-muted" aria-live="polite" data-testid="replace-preview">
        {edit.error ? refusalOf(edit.error) : (done ?? preview ?? "")}
      </p>
    </form>
  );
}

/** One parameter set to one value across the chosen tasks, checked as a new task would be. */
export function SetParameter({ targets }: { targets: EditTargets }) {
  const [name, setName] = useState<EditableParameter>("steps");
  const [value, setValue] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const edit = useEndpointMutation(api.queue.edit, {
    onSuccess: (o) =>
      setDone(
        `${EDITABLE_PARAMETERS[name]} set on ${counted(o.changed, ...nounOf(targets))}.${skippedWords(o.skipped)}`,
      ),
  });
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        setDone(null);
        const number = Number(value);
        if (value.trim() === "" || !Number.isFinite(number)) return;
        edit.mutate({ body: { ...named(targets), set: { [name]: number } } });
      }}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <Select
          aria-label="Parameter"
          value={name}
          onChange={(e) => setName(e.target.value as EditableParameter)}
          className="h-8"
        >
          {Object.entries(EDITABLE_PARAMETERS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </Select>
        <input
          aria-label="New value"
          inputMode="decimal"
          placeholder="New value"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className={`${inputClasses} h-8 w-28 text-[13px]`}
        />
        <Button size="sm" type="submit" disabled={value.trim() === "" || edit.isPending}>
          Set
        </Button>
      </div>
      {edit.error || done ? (
        <p className="text-[12px] text-muted" role={edit.error ? "alert" : undefined} aria-live="polite">
          {edit.error ? refusalOf(edit.error) : done}
        </p>
      ) : null}
    </form>
  );
}
