"use client";

import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { Segmented } from "@/components/ui/segmented";
import { Select } from "@/components/ui/select";
import {
  AXIS_KIND_LABELS,
  type AxisDraft,
  type AxisKind,
  canRemoveValues,
  VARY_FIELDS,
  withoutValue,
} from "@/lib/client/experiments/axis-draft";

/** What the preview says of an axis: its values' labels and, per value, the refusals in words. */
export interface AxisPreview {
  name: string;
  labels: string[];
  refusals: string[][];
}

interface AxisEditorProps {
  index: number;
  draft: AxisDraft;
  taskType: string;
  preview: AxisPreview | undefined;
  problem: string | undefined;
  onChange(draft: AxisDraft): void;
  onRemove(): void;
}

const textarea = cn(inputClasses, "h-auto min-h-20 py-2 leading-snug");

/** One axis of the Vary dialog: what varies, its values, and what the contract says of each. */
export function AxisEditor({
  index,
  draft,
  taskType,
  preview,
  problem,
  onChange,
  onRemove,
}: AxisEditorProps) {
  const id = `axis-${index}`;
  const set = (patch: Partial<AxisDraft>) => onChange({ ...draft, ...patch });
  return (
    <fieldset
      aria-label={`Axis ${index + 1}`}
      className="flex flex-col gap-3 rounded-panel border border-border bg-panel-raised/50 p-3"
    >
      <AxisHead index={index} draft={draft} taskType={taskType} set={set} onRemove={onRemove} />

      {draft.kind === "prompts" ? (
        <label className="flex flex-col gap-1.5 text-[13px]">
          Prompts, one a line
          <textarea
            id={`${id}-prompts`}
            className={textarea}
            value={draft.prompts}
            onChange={(e) => set({ prompts: e.target.value })}
          />
        </label>
      ) : null}
      {draft.kind === "promptReplace" ? (
        <div className="grid gap-2 sm:grid-cols-[1fr_2fr]">
          <label className="flex flex-col gap-1.5 text-[13px]">
            Words to replace
            <input
              className={inputClasses}
              value={draft.find}
              onChange={(e) => set({ find: e.target.value })}
            />
          </label>
          <label className="flex flex-col gap-1.5 text-[13px]">
            Replacements, one a line
            <textarea
              className={textarea}
              value={draft.replacements}
              onChange={(e) => set({ replacements: e.target.value })}
            />
          </label>
        </div>
      ) : null}
      {draft.kind === "seeds" ? (
        <div className="grid grid-cols-2 gap-2">
          <label className="flex flex-col gap-1.5 text-[13px]">
            First seed
            <input
              className={inputClasses}
              inputMode="numeric"
              value={draft.seedStart}
              onChange={(e) => set({ seedStart: e.target.value })}
            />
          </label>
          <label className="flex flex-col gap-1.5 text-[13px]">
            How many seeds
            <input
              className={inputClasses}
              inputMode="numeric"
              value={draft.seedCount}
              onChange={(e) => set({ seedCount: e.target.value })}
            />
          </label>
        </div>
      ) : null}
      {draft.kind === "field" ? (
        <div className="flex flex-col gap-2">
          <div className="flex items-center gap-2">
            {draft.path === "" ? (
              <input
                aria-label="Setting name"
                placeholder="e.g. providerSettings.bfl.raw"
                className={cn(inputClasses, "h-9 flex-1 text-[13px]")}
                value={draft.customPath}
                onChange={(e) => set({ customPath: e.target.value })}
              />
            ) : null}
            <Segmented
              label="Values as"
              value={draft.mode}
              onChange={(mode) => set({ mode })}
              options={[
                { value: "list", label: "A list" },
                { value: "range", label: "A range" },
              ]}
            />
          </div>
          {draft.mode === "list" ? (
            <label className="flex flex-col gap-1.5 text-[13px]">
              Values, separated by commas
              <input
                className={inputClasses}
                value={draft.list}
                onChange={(e) => set({ list: e.target.value })}
              />
            </label>
          ) : (
            <div className="grid grid-cols-3 gap-2">
              {(["from", "to", "step"] as const).map((k) => (
                <label key={k} className="flex flex-col gap-1.5 text-[13px] capitalize">
                  {k}
                  <input
                    className={inputClasses}
                    inputMode="decimal"
                    value={draft[k]}
                    onChange={(e) => set({ [k]: e.target.value })}
                  />
                </label>
              ))}
            </div>
          )}
        </div>
      ) : null}

      {problem ? <p className="text-[13px] text-danger-fg">{problem}</p> : null}
      {preview ? (
        <ul aria-label={`Values of axis ${index + 1}`} className="flex flex-wrap gap-1.5">
          {preview.labels.map((label, i) => {
            const refused = preview.refusals[i] ?? [];
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: values may repeat; their place is their identity
                key={i}
                data-refused={refused.length > 0 || undefined}
                className={cn(
                  "flex max-w-full items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs",
                  refused.length > 0
                    ? "border-danger/50 bg-danger/10 text-danger-fg"
                    : "border-border-strong bg-panel-raised text-muted",
                )}
              >
                <span className="truncate">{label}</span>
                {refused.length > 0 ? <span className="sr-only">: not accepted. </span> : null}
                {refused.length > 0 ? (
                  <span className="truncate" title={refused.join(" ")}>
                    — {refused[0]}
                  </span>
                ) : null}
                {refused.length > 0 && canRemoveValues(draft) ? (
                  <button
                    type="button"
                    className="ml-1 rounded-full px-1 font-medium underline-offset-2 hover:underline"
                    onClick={() => onChange(withoutValue(draft, i))}
                  >
                    Remove
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </fieldset>
  );
}

/** What the axis varies (and which setting), and its removal. */
function AxisHead({
  index,
  draft,
  taskType,
  set,
  onRemove,
}: Pick<AxisEditorProps, "index" | "draft" | "taskType" | "onRemove"> & {
  set: (patch: Partial<AxisDraft>) => void;
}) {
  const fields = VARY_FIELDS[taskType] ?? VARY_FIELDS.imageInference ?? [];
  return (
    <div className="flex items-center gap-2">
      <span className="font-medium text-[12px] text-muted-subtle uppercase tracking-wider">
        Axis {index + 1}
      </span>
      <Select
        aria-label={`What axis ${index + 1} varies`}
        value={draft.kind}
        onChange={(e) => set({ kind: e.target.value as AxisKind })}
      >
        {(Object.keys(AXIS_KIND_LABELS) as AxisKind[]).map((k) => (
          <option key={k} value={k}>
            {AXIS_KIND_LABELS[k]}
          </option>
        ))}
      </Select>
      {draft.kind === "field" ? (
        <Select
          aria-label={`Setting of axis ${index + 1}`}
          value={draft.path}
          onChange={(e) => set({ path: e.target.value })}
        >
          {fields.map((f) => (
            <option key={f.path} value={f.path}>
              {f.label}
            </option>
          ))}
          <option value="">Other…</option>
        </Select>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        className="ml-auto"
        onClick={onRemove}
        aria-label={`Remove axis ${index + 1}`}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}
