"use client";

import { useCallback, useMemo } from "react";
import { useFormState } from "react-hook-form";
import { Section } from "@/components/ui/section";
import { useCreateStore } from "@/lib/client/create/drafts";
import type { RecallPart } from "@/lib/client/create/recall-links";
import { useImageRef } from "@/lib/client/create/tools";
import { useTaskViews } from "@/lib/client/create/use-task-views";
import { useWorkflowForm } from "@/lib/client/create/use-workflow-form";
import {
  type ContextKind,
  contextOf,
  frameSlots,
  inputsOf,
  modeOf,
  randomVideoSeed,
  switchContext,
  switchMode,
  type ValuePatch,
  VIDEO_FIELDS,
  VIDEO_SLUG,
  type VideoMode,
  videoDefaults,
} from "@/lib/client/create/video-form-values";
import { videoRecall } from "@/lib/client/create/video-recall";
import { toVideoTask, videoBlockedReason } from "@/lib/client/create/video-task";
import { type Workflow, workflows } from "@/lib/client/create/workflows";
import { VIDEO_LIMITS } from "@/lib/protocol/video-inference";
import { ModelName } from "../model-name";
import { SeedField } from "../panels/seed-field";
import { ResultStrip } from "../result-strip";
import { ContextField } from "../video/context-field";
import { DurationField } from "../video/duration-field";
import { hasErrorUnder } from "../video/form-errors";
import { FrameInputs } from "../video/frame-inputs";
import { ModeSwitch } from "../video/mode-switch";
import { DeliveryFields, GenerationSwitches, OutputFields, SafetyFields } from "../video/output-fields";
import { ReferenceInputs } from "../video/reference-inputs";
import { ResolutionField, SizePicker } from "../video/size-fields";
import { VideoPrompt } from "../video/video-prompt";
import { WorkflowShell } from "../workflow-shell";

const on = (v: unknown) => (v === true ? "on" : "off");

/**
 * Video: text, first/last frames or references, with a document or a web page as context. The
 * model is the one the server runs (`videoModel`), not a choice, and the form parses against it.
 */
export function VideoForm({ videoModel }: { videoModel: string }) {
  const workflow = workflows.find((w) => w.slug === VIDEO_SLUG) as Workflow;
  const defaults = useMemo(() => videoDefaults(videoModel), [videoModel]);
  const protocol = useMemo(() => ({ videoModel }), [videoModel]);
  const toTask = useCallback(
    (values: Record<string, unknown>) => toVideoTask(values, videoModel),
    [videoModel],
  );
  const recallInto = useCallback(
    (params: Record<string, unknown>, part: RecallPart, seed: string | null | undefined) =>
      videoRecall(params, part, seed, defaults),
    [defaults],
  );
  const wf = useWorkflowForm({
    slug: VIDEO_SLUG,
    taskType: "videoInference",
    fields: VIDEO_FIELDS,
    defaults,
    protocol,
    toTask,
    recallInto,
  });
  const { form, submit, recall } = wf;
  const { errors } = useFormState({ control: form.control });
  const latest = useTaskViews((useCreateStore((s) => s.sent[VIDEO_SLUG]) ?? []).slice(0, 1))[0];
  const lastSeed = latest?.items[0]?.seed ?? null;

  const values = form.watch();
  const mode = modeOf(values);
  const context = contextOf(values);
  const blocked = videoBlockedReason(values);
  const firstFrame = useImageRef(
    mode === "frames" ? frameSlots(inputsOf(values).frameImages).first : undefined,
  ).data;

  const applyPatch = (patch: ValuePatch) => {
    for (const [path, value] of patch) form.setValue(path, value, { shouldDirty: true });
    form.clearErrors();
  };

  return (
    <WorkflowShell
      workflow={workflow}
      form={form}
      // Enter in a text input submits the form too; a blocked form must not send from there either.
      onSubmit={() => {
        if (!videoBlockedReason(form.getValues())) void submit();
      }}
      onReset={wf.resetForm}
      draftStatus={wf.draftStatus}
      onRestore={() => void wf.restoreDraft()}
      varyTask={wf.currentTask}
      pending={wf.pending}
      ready={wf.ready}
      notice={wf.notice}
      blocked={blocked}
      onRandomSeed={() => form.setValue("seed", randomVideoSeed(), { shouldDirty: true })}
      results={
        <ResultStrip
          slug={VIDEO_SLUG}
          onRetry={wf.retry}
          onResend={wf.resend}
          onRecall={(task, part, item) => void recall(task, part, item.seed)}
        />
      }
    >
      <div className="flex flex-col gap-4 pb-4">
        <div className="flex items-baseline gap-2 text-[12px] text-muted-subtle">
          Model
          <ModelName air={videoModel} />
        </div>
        <ModeSwitch mode={mode} onChange={(to: VideoMode) => applyPatch(switchMode(form.getValues(), to))} />
        {mode === "frames" ? <FrameInputs /> : null}
        {mode === "references" ? <ReferenceInputs /> : null}
        <VideoPrompt mode={mode} />
      </div>
      {mode === "text" ? (
        <Section
          title="Size"
          defaultOpen
          summary={`${String(values.width)} × ${String(values.height)}`}
          invalid={hasErrorUnder(errors, ["width", "height"])}
        >
          <SizePicker />
        </Section>
      ) : (
        <Section
          title="Resolution"
          defaultOpen
          summary={String(values.resolution ?? "")}
          invalid={hasErrorUnder(errors, ["resolution"])}
        >
          <ResolutionField source={firstFrame} />
        </Section>
      )}
      <Section
        title="Length and sound"
        defaultOpen
        summary={`${values.duration === "auto" ? "Auto" : `${String(values.duration)} s`} · audio ${on((values.settings as { audio?: unknown } | undefined)?.audio)}`}
        invalid={hasErrorUnder(errors, ["duration", "settings"])}
      >
        <DurationField />
        <GenerationSwitches />
      </Section>
      <Section
        title="Context"
        summary={context === "none" ? "None" : context === "document" ? "Document" : "Web page"}
        invalid={hasErrorUnder(errors, ["inputs.documents", "inputs.urls"])}
      >
        <ContextField kind={context} onChange={(to: ContextKind) => applyPatch(switchContext(to))} />
      </Section>
      <Section
        title="Videos and seed"
        summary={`${String(values.numberResults ?? 1)} × ${String(values.outputFormat ?? "")}`}
        invalid={hasErrorUnder(errors, ["seed", "numberResults", "outputFormat", "outputQuality"])}
      >
        <SeedField
          lastSeed={lastSeed}
          noun="video"
          min={VIDEO_LIMITS.seed.min}
          max={VIDEO_LIMITS.seed.max}
          random={randomVideoSeed}
        />
        <OutputFields />
      </Section>
      <Section
        title="Safety"
        summary={`Check ${on((values.safety as { checkContent?: unknown } | undefined)?.checkContent)}`}
        invalid={hasErrorUnder(errors, ["safety"])}
      >
        <SafetyFields />
      </Section>
      <Section title="Delivery" invalid={hasErrorUnder(errors, ["ttl", "includeCost", "uploadEndpoint"])}>
        <DeliveryFields />
      </Section>
    </WorkflowShell>
  );
}
