"use client";

import { type ReactNode, useCallback, useMemo } from "react";
import { type UseFormReturn, useFormState } from "react-hook-form";
import { Section } from "@/components/ui/section";
import { useCreateStore } from "@/lib/client/create/drafts";
import { BASE_IMAGE_VALUES, COMMON_IMAGE_FIELDS } from "@/lib/client/create/image-fields";
import { randomSeed } from "@/lib/client/create/image-presets";
import { modelDefaults } from "@/lib/client/create/model-defaults";
import type { ModelInfo } from "@/lib/client/create/tools";
import { useTaskViews } from "@/lib/client/create/use-task-views";
import { useWorkflowForm } from "@/lib/client/create/use-workflow-form";
import { type Workflow, workflows } from "@/lib/client/create/workflows";
import { plural } from "@/lib/studio/words";
import { ModelField } from "../forms/model-field";
import { AdvancedSections } from "./advanced/advanced-sections";
import { OutputPanel } from "./panels/output-panel";
import { PromptPanel } from "./panels/prompt-panel";
import { SamplingPanel } from "./panels/sampling-panel";
import { SeedField } from "./panels/seed-field";
import { SizePanel } from "./panels/size-panel";
import { ProviderSection } from "./provider/provider-section";
import { ResultStrip } from "./result-strip";
import { WorkflowShell } from "./workflow-shell";

export interface ImageWorkflowProps {
  slug: string;
  /** The workflow's own fields (seedImage, maskImage, outpaint, controlNet...). */
  fields?: readonly string[];
  defaults?: Record<string, unknown>;
  /** The workflow's own panel, above the shared ones; it reads the form from context. */
  source?: (form: UseFormReturn) => ReactNode;
  /** Why Generate cannot be pressed yet, computed from the form. */
  blockedBy?: (values: Record<string, unknown>) => string | null;
  /** Turns form values into the task's fields where the form keeps them differently. */
  toTask?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Another way to size the output than width and height (a resolution tier), when it applies. */
  sizeInstead?: (values: Record<string, unknown>) => SizeInstead | null;
}

export interface SizeInstead {
  summary: string;
  panel: ReactNode;
  /** The fields whose errors mark the Size section. */
  fields: readonly string[];
}

function hasErrorIn(errors: Record<string, unknown>, names: readonly string[]): boolean {
  return names.some((n) => n in errors);
}

/** One image workflow: its own panel, then the panels every image workflow shares. */
export function ImageWorkflow({
  slug,
  fields = [],
  defaults = {},
  source,
  blockedBy,
  toTask,
  sizeInstead,
}: ImageWorkflowProps) {
  const workflow = workflows.find((w) => w.slug === slug) as Workflow;
  const allFields = useMemo(() => [...fields, ...COMMON_IMAGE_FIELDS], [fields]);
  const allDefaults = useMemo(() => ({ ...BASE_IMAGE_VALUES, ...defaults }), [defaults]);
  const {
    form,
    submit,
    pending,
    ready,
    notice,
    recall,
    retry,
    resend,
    resetForm,
    restoreDraft,
    draftStatus,
    currentTask,
  } = useWorkflowForm({
    slug,
    taskType: "imageInference",
    fields: allFields,
    defaults: allDefaults,
    ...(toTask ? { toTask } : {}),
  });
  const { errors } = useFormState({ control: form.control });
  const latest = useTaskViews((useCreateStore((s) => s.sent[slug]) ?? []).slice(0, 1))[0];
  const lastSeed = latest?.items[0]?.seed ?? null;
  const values = form.watch();
  const blocked = blockedBy?.(values) ?? null;
  const size = sizeInstead?.(values) ?? null;

  const takeModelDefaults = useCallback(
    (model: ModelInfo) => {
      const fill = modelDefaults(model, {
        steps: form.getValues("steps"),
        CFGScale: form.getValues("CFGScale"),
      });
      if (fill.steps !== undefined) form.setValue("steps", fill.steps);
      if (fill.CFGScale !== undefined) form.setValue("CFGScale", fill.CFGScale);
    },
    [form],
  );

  return (
    <WorkflowShell
      workflow={workflow}
      form={form}
      onSubmit={submit}
      onReset={resetForm}
      draftStatus={draftStatus}
      onRestore={() => void restoreDraft()}
      varyTask={currentTask}
      pending={pending}
      ready={ready}
      notice={notice}
      blocked={blocked}
      onRandomSeed={() => form.setValue("seed", randomSeed(), { shouldDirty: true })}
      results={
        <ResultStrip
          slug={slug}
          onRetry={retry}
          onResend={resend}
          onRecall={(task, part, item) => void recall(task, part, item.seed)}
        />
      }
    >
      {source ? <div className="flex flex-col gap-4 pb-4">{source(form)}</div> : null}
      <div className="flex flex-col gap-4 pb-4">
        <ModelField name="model" label="Model" category="checkpoint" onModel={takeModelDefaults} />
        <PromptPanel />
      </div>
      <Section
        title="Size"
        defaultOpen
        summary={size?.summary ?? `${values.width} × ${values.height}`}
        invalid={hasErrorIn(errors, size?.fields ?? ["width", "height"])}
      >
        {size?.panel ?? <SizePanel />}
      </Section>
      <Section
        title="Images and seed"
        defaultOpen
        summary={`${values.numberResults ?? 1} × ${values.outputFormat ?? "JPG"}`}
        invalid={hasErrorIn(errors, ["seed", "numberResults", "outputFormat", "outputQuality"])}
      >
        <SeedField lastSeed={lastSeed} />
        <OutputPanel />
      </Section>
      <Section
        title="Sampling"
        summary={values.steps ? plural(values.steps, "step") : "Model defaults"}
        invalid={hasErrorIn(errors, ["steps", "CFGScale", "scheduler", "clipSkip"])}
      >
        <SamplingPanel />
      </Section>
      <AdvancedSections />
      <ProviderSection />
    </WorkflowShell>
  );
}
