"use client";

import { LoaderCircle, Play } from "lucide-react";
import { useState } from "react";
import { ModelPicker } from "@/components/forms/model-picker";
import { Button } from "@/components/ui/button";
import { FormError, inputClasses } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { RunSettingsInput } from "@/lib/studio/eval-sets/input";

const SIZES = ["512x512", "768x768", "1024x1024", "832x1216", "1216x832"] as const;

interface RunFormProps {
  /** The last run's settings, as a starting point. */
  last: RunSettingsInput | null;
  running: boolean;
  error: string | null;
  disabled: boolean;
  onRun(settings: RunSettingsInput): void;
}

/** The model and settings to run the set with, as on the text-to-image page; each case adds its prompt and seed. */
export function RunForm({ last, running, error, disabled, onRun }: RunFormProps) {
  const [model, setModel] = useState(last?.model ?? "runware:100@1");
  const [steps, setSteps] = useState(last?.steps !== undefined ? String(last.steps) : "");
  const [cfg, setCfg] = useState(last?.CFGScale !== undefined ? String(last.CFGScale) : "");
  const [size, setSize] = useState(last ? `${last.width}x${last.height}` : "512x512");
  const [width, height] = size.split("x").map(Number);

  function run() {
    onRun({
      model,
      width: width ?? 512,
      height: height ?? 512,
      ...(steps.trim() !== "" ? { steps: Number(steps) } : {}),
      ...(cfg.trim() !== "" ? { CFGScale: Number(cfg) } : {}),
    });
  }

  return (
    <section
      aria-labelledby="run-title"
      className="flex flex-col gap-3 rounded-card border border-border bg-panel p-4 shadow-panel"
    >
      <h2 id="run-title" className="font-semibold text-base text-foreground">
        Run the set
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5 sm:col-span-3">
          <label htmlFor="eval-run-model" className="font-medium text-[13px] text-foreground">
            Model
          </label>
          <ModelPicker id="eval-run-model" value={model} onChange={setModel} category="checkpoint" />
        </div>
        <label className="flex flex-col gap-1.5 font-medium text-[13px] text-foreground">
          Steps
          <input
            inputMode="numeric"
            value={steps}
            placeholder="Model default"
            onChange={(e) => setSteps(e.target.value.replace(/[^\d]/g, ""))}
            className={inputClasses}
          />
        </label>
        <label className="flex flex-col gap-1.5 font-medium text-[13px] text-foreground">
          CFG scale
          <input
            inputMode="decimal"
            value={cfg}
            placeholder="Model default"
            onChange={(e) => setCfg(e.target.value.replace(/[^\d.]/g, ""))}
            className={inputClasses}
          />
        </label>
        <div className="flex flex-col gap-1.5 font-medium text-[13px] text-foreground">
          <label htmlFor="eval-run-size">Size</label>
          <Select id="eval-run-size" value={size} onChange={(e) => setSize(e.target.value)}>
            {SIZES.map((s) => (
              <option key={s} value={s}>
                {s.replace("x", " × ")}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" disabled={disabled || running || model === ""} onClick={run}>
          {running ? <LoaderCircle aria-hidden className="animate-spin" /> : <Play aria-hidden />}
          Run set
        </Button>
        <p className="text-[12.5px] text-muted">
          Text to image, one result per case, each case's own prompt and seed. Every task is checked before it
          is sent.
        </p>
      </div>
      <FormError>{error}</FormError>
    </section>
  );
}
