"use client";

import { FlaskConical, Keyboard, LoaderCircle, RotateCcw, Wand2 } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { FormProvider, get, type UseFormReturn } from "react-hook-form";
import { WorkflowIcon } from "@/components/create/workflow-icon";
import { VaryDialog } from "@/components/experiments/vary-dialog";
import { QueueButton } from "@/components/queue/queue-drawer";
import { GenerateEstimate } from "@/components/spend/generate-estimate";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FormError } from "@/components/ui/field";
import { VersionPanel } from "@/components/versions/version-panel";
import { isMod } from "@/lib/client/create/shortcuts";
import { ROOT_ERROR } from "@/lib/client/create/task-resolver";
import type { DraftStatus } from "@/lib/client/create/use-draft";
import type { Workflow } from "@/lib/client/create/workflows";
import { useShortcutsHelp } from "@/lib/client/shortcuts/help";
import { DraftBar } from "./draft-bar";
import { NewResultsSlot } from "./new-results-pill";
import { GENERATE_NEEDS, ReadOnlyNote, useReadOnlyReason } from "./read-only-note";

interface WorkflowShellProps {
  workflow: Workflow;
  form: UseFormReturn;
  onSubmit(): void;
  onReset(): void;
  /** Where the form's draft stands, and what brings back the one cleared or set aside. */
  draftStatus: DraftStatus;
  onRestore(): void;
  pending: boolean;
  ready: boolean;
  notice: string | null;
  /** Why Generate is off although the form may be valid (e.g. no seed image yet). */
  blocked?: string | null;
  /** The form's panels, in order. */
  children: ReactNode;
  results: ReactNode;
  /** Pressing Alt+S asks for a new random seed, where the workflow has one. */
  onRandomSeed?: () => void;
  /** The task Generate would send now: with it, "Vary…" opens an experiment over it. */
  varyTask?: () => Record<string, unknown>;
}

/**
 * A Create page: the form on the left with Generate always in reach, the results on the right.
 * On wide screens it fills the screen and each column scrolls on its own, so the canvas, the
 * results and Generate are all on one screen. Ctrl/Cmd+Enter generates from anywhere on the
 * page; "?" (handled by the studio frame) lists the other shortcuts. A member who may not generate
 * sees the form read-only, with the reason, rather than a Generate the studio would refuse.
 */
export function WorkflowShell(props: WorkflowShellProps) {
  const {
    workflow,
    form,
    onSubmit,
    onReset,
    draftStatus,
    onRestore,
    pending,
    ready,
    notice,
    blocked,
    children,
    results,
    onRandomSeed,
    varyTask,
  } = props;
  const [varying, setVarying] = useState(false);
  const showHelp = useShortcutsHelp((s) => s.setOpen);
  const [pillSlot, setPillSlot] = useState<HTMLElement | null>(null);
  const rootError = get(form.formState.errors, ROOT_ERROR) as { message?: string } | undefined;
  const readOnly = useReadOnlyReason();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (readOnly) return;
      if (isMod(e) && e.key === "Enter") {
        e.preventDefault();
        if (!blocked) onSubmit();
      } else if (isMod(e) && e.shiftKey && e.key.toLowerCase() === "r") {
        e.preventDefault();
        onReset();
      } else if (e.altKey && e.code === "KeyS" && onRandomSeed) {
        e.preventDefault();
        onRandomSeed();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onSubmit, onReset, onRandomSeed, blocked, readOnly]);

  return (
    <div data-fills-screen className="flex flex-col gap-6 lg:min-h-0 lg:flex-1 lg:gap-5">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-[10px] border border-border-strong bg-panel-raised text-accent-fg">
            <WorkflowIcon name={workflow.icon} className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="font-medium text-[12px] text-muted-subtle uppercase tracking-wider">Create</p>
            <h1 className="truncate font-semibold text-foreground text-xl tracking-tight">
              {workflow.title}
            </h1>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <QueueButton />
          <Button
            size="sm"
            variant="ghost"
            onClick={() => showHelp(true)}
            aria-label="Keyboard shortcuts"
            title="Keyboard shortcuts (?)"
          >
            <Keyboard aria-hidden />
          </Button>
        </div>
      </header>
      {readOnly ? <ReadOnlyNote reason={readOnly} /> : null}
      {notice ? (
        <p
          role="status"
          className="rounded-control border border-accent/30 bg-accent/10 px-3 py-2 text-[13px] text-accent-fg"
        >
          {notice}
        </p>
      ) : null}
      <FormProvider {...form}>
        {readOnly ? null : (
          <DraftBar
            slug={workflow.slug}
            status={draftStatus}
            onClear={onReset}
            onRestore={onRestore}
            disabled={!ready}
          />
        )}
        <div className="grid items-start gap-6 lg:min-h-0 lg:flex-1 lg:grid-cols-[minmax(22rem,26rem)_1fr] lg:grid-rows-[minmax(0,1fr)] lg:items-stretch xl:gap-8">
          <form
            noValidate
            aria-label={`${workflow.title} settings`}
            aria-busy={!ready}
            onSubmit={(e) => {
              e.preventDefault();
              if (!readOnly) onSubmit();
            }}
            className="flex flex-col rounded-panel border border-border bg-panel shadow-panel lg:min-h-0"
          >
            {/* `relative`: visually hidden labels and sliders' parts are absolutely placed; held
                here they scroll and clip with the fields instead of stretching the page. */}
            <div
              className={cn(
                "relative flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto px-5 pt-5 pb-2",
                readOnly && "[&_:disabled]:cursor-not-allowed [&_:disabled]:opacity-60",
              )}
            >
              {/* Disabled as a whole: every field shows its value and none takes a change. */}
              <fieldset disabled={Boolean(readOnly)} className="contents">
                <VersionPanel slug={workflow.slug} />
                {children}
              </fieldset>
            </div>
            <div className="flex flex-col gap-2 border-border border-t bg-panel-raised/60 px-5 py-4">
              <FormError>{rootError?.message}</FormError>
              {readOnly ? (
                <p className="text-[12px] text-muted">{GENERATE_NEEDS}</p>
              ) : blocked ? (
                <p className="text-[12px] text-muted">{blocked}</p>
              ) : varyTask ? (
                <GenerateEstimate task={varyTask} />
              ) : null}
              <div className="flex items-center gap-2">
                <Button
                  type="submit"
                  variant="primary"
                  className="flex-1"
                  disabled={pending || !ready || Boolean(blocked) || Boolean(readOnly)}
                  aria-keyshortcuts="Control+Enter Meta+Enter"
                >
                  {pending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Wand2 aria-hidden />}
                  {pending ? "Sending…" : "Generate"}
                  <kbd className="ml-1 rounded bg-white/15 px-1.5 py-px font-mono text-[10px]">Ctrl ↵</kbd>
                </Button>
                {varyTask ? (
                  <Button
                    variant="secondary"
                    onClick={() => setVarying(true)}
                    disabled={!ready || Boolean(readOnly)}
                    title="Run this task as a grid of variations"
                  >
                    <FlaskConical aria-hidden />
                    Vary…
                  </Button>
                ) : null}
                <Button
                  variant="ghost"
                  onClick={onReset}
                  disabled={Boolean(readOnly)}
                  title="Reset to defaults (Ctrl+Shift+R)"
                  aria-label="Reset the form"
                >
                  <RotateCcw aria-hidden />
                </Button>
              </div>
            </div>
          </form>
          <div className="flex min-w-0 flex-col lg:min-h-0">
            <div
              data-testid="results-column"
              className="relative flex flex-col gap-6 lg:-mx-1 lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:overscroll-contain lg:px-1 lg:pb-1"
            >
              <NewResultsSlot.Provider value={pillSlot}>{results}</NewResultsSlot.Provider>
            </div>
            {/* Where "new results" shows on wide screens: under the column, over nothing. */}
            <div ref={setPillSlot} className="flex justify-center empty:hidden lg:pt-3" />
          </div>
        </div>
      </FormProvider>
      {varyTask ? <VaryDialog open={varying} onOpenChange={setVarying} task={varyTask} /> : null}
    </div>
  );
}
