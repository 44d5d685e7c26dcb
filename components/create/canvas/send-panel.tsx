"use client";

import { LoaderCircle, Wand2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import { Slider } from "@/components/ui/slider";
import { VersionPanel } from "@/components/versions/version-panel";
import { PLAN_NAMES, planGeneration } from "@/lib/client/canvas/canvas-plan";
import { useCanvasDocument, useCanvasStore } from "@/lib/client/canvas/canvas-store";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { CanvasPrompt } from "./canvas-prompt";
import { FrameFields } from "./frame-fields";
import { JobFields } from "./job-fields";
import { CanvasSettingsPanels, useCanvasSettingsForm } from "./settings-form";
import { CanvasVaryButton } from "./vary-button";

const label = "font-medium text-[12px] text-muted";

/** What Generate will send, in words, beside the settings that go with it. */
interface SendPanelProps {
  onGenerate(): void;
  pending: boolean;
  error: string | null;
  readOnly: boolean;
  /** The Outpainting page: the sides are offered before the frame has left the picture. */
  outpaintPage?: boolean;
}

export function SendPanel({ onGenerate, pending, error, readOnly, outpaintPage = false }: SendPanelProps) {
  const doc = useCanvasDocument();
  const settings = useCanvasStore((s) => s.settings);
  const setSettings = useCanvasStore((s) => s.setSettings);
  const plan = planGeneration(doc, settings.strength, settings);
  const noPrompt = settings.prompt.trim().length < IMAGE_LIMITS.positivePrompt.min;
  const blocked = plan.problems[0] ?? (noPrompt ? "Describe what to make in the prompt." : null);
  const { form, generation } = useCanvasSettingsForm();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {/* `relative`: sliders' parts are absolutely placed; held here they scroll with the fields. */}
      <div className="relative flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">
        <VersionPanel slug="canvas" />
        <section
          aria-labelledby="plan-heading"
          data-testid="canvas-plan"
          data-plan={plan.kind}
          className="flex flex-col gap-2"
        >
          <p className="font-medium text-[11px] text-muted-subtle uppercase tracking-wider">Will send</p>
          <h2 id="plan-heading" className="font-semibold text-[15px] text-foreground">
            {PLAN_NAMES[plan.kind]}
          </h2>
          <ul className="flex flex-col gap-1.5 text-[13px] text-muted leading-relaxed">
            {plan.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <JobFields kind={plan.kind} outpaintPage={outpaintPage} />
        <FrameFields />
        <CanvasPrompt readOnly={readOnly} />
        <label className="flex flex-col gap-1.5">
          <span className={label}>Negative prompt</span>
          <input
            className={inputClasses}
            value={settings.negativePrompt}
            onChange={(e) => setSettings({ negativePrompt: e.target.value })}
          />
        </label>
        {plan.kind === "imageToImage" || plan.kind === "inpainting" ? (
          <div className="flex flex-col gap-1.5">
            <span className={label}>Strength {settings.strength.toFixed(2)}</span>
            <Slider
              label="Strength"
              min={0}
              max={1}
              step={0.01}
              value={settings.strength}
              onChange={(strength) => setSettings({ strength })}
            />
          </div>
        ) : null}
        <CanvasSettingsPanels form={form} generation={generation} />
      </div>
      <SendFooter
        onGenerate={onGenerate}
        pending={pending}
        error={error}
        blocked={blocked}
        readOnly={readOnly}
      />
    </div>
  );
}

/** What stops Generate, in words, over Generate and "Vary…". */
function SendFooter({
  onGenerate,
  pending,
  error,
  blocked,
  readOnly,
}: Pick<SendPanelProps, "onGenerate" | "pending" | "error" | "readOnly"> & { blocked: string | null }) {
  const [varyError, setVaryError] = useState<string | null>(null);
  const problem = error ?? varyError;
  const off = pending || readOnly || Boolean(blocked);
  return (
    <div className="flex flex-col gap-2 border-border border-t bg-panel-raised/60 p-4">
      {problem ? (
        <p role="alert" className="text-[12px] text-danger">
          {problem}
        </p>
      ) : blocked ? (
        <p className="text-[12px] text-muted">{blocked}</p>
      ) : null}
      <div className="flex items-center gap-2">
        <Button
          variant="primary"
          className="min-w-0 flex-1 shrink"
          onClick={() => {
            setVaryError(null);
            onGenerate();
          }}
          disabled={off}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          {pending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Wand2 aria-hidden />}
          {pending ? "Sending…" : "Generate"}
          <kbd className="ml-1 rounded bg-white/15 px-1.5 py-px font-mono text-[10px]">Ctrl ↵</kbd>
        </Button>
        <CanvasVaryButton disabled={off} onError={setVaryError} />
      </div>
    </div>
  );
}
