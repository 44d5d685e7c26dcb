"use client";

import { Keyboard } from "lucide-react";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { ReadOnlyNote, useReadOnlyReason } from "@/components/create/read-only-note";
import { WorkflowIcon } from "@/components/create/workflow-icon";
import { ImageInput } from "@/components/forms/image-input";
import { QueueButton } from "@/components/queue/queue-drawer";
import { Button } from "@/components/ui/button";
import { useMemberId } from "@/lib/client/auth/member-role";
import type { CanvasPreset } from "@/lib/client/canvas/canvas-preset";
import { useCanvasDocument, useCanvasStore } from "@/lib/client/canvas/canvas-store";
import { fitCanvasView } from "@/lib/client/canvas/canvas-view";
import { useCanvasGenerate } from "@/lib/client/canvas/use-canvas-generate";
import { useCanvasKeys } from "@/lib/client/canvas/use-canvas-keys";
import { useCanvasStart } from "@/lib/client/canvas/use-canvas-start";
import { viewStorageKey } from "@/lib/client/canvas/view-memory";
import type { ImageRef } from "@/lib/client/create/tools";
import { useTaskViews } from "@/lib/client/create/use-task-views";
import { useShortcutsHelp } from "@/lib/client/shortcuts/help";
import { CanvasDraftBar } from "./canvas-draft-bar";
import { LayerSettings } from "./layer-settings";
import { LayersPanel } from "./layers-panel";
import { SendPanel } from "./send-panel";
import { StagingBar } from "./staging-bar";
import { ToolBar } from "./tool-bar";

// Konva draws on a browser canvas and has no server side: the stage is loaded in the browser only.
const CanvasStage = dynamic(() => import("./canvas-stage"), {
  ssr: false,
  loading: () => (
    <div
      role="status"
      className="absolute inset-0 animate-pulse bg-surface-sunken"
      aria-label="Loading the canvas"
    />
  ),
});

function toPicture(image: ImageRef) {
  return { id: image.id, url: image.url, width: image.width, height: image.height };
}

/** How each page that is the canvas names itself: Inpainting and Outpainting are its views. */
const VIEWS = {
  canvas: { title: "Canvas", icon: "layers", slug: "canvas" },
  inpaint: { title: "Inpainting", icon: "brush", slug: "inpainting" },
  outpaint: { title: "Outpainting", icon: "expand", slug: "outpainting" },
} as const;

/** While the canvas is set up for a job, the frame the member sets is the one the job opens with next. */
function useKeepJobFrame(ready: boolean, job: CanvasPreset | null): void {
  useEffect(() => {
    if (!ready || !job) return;
    const keep = () => useCanvasStore.getState().keepJobFrame(job);
    keep();
    return useCanvasStore.subscribe((s, before) => {
      const now = s.history.present;
      const was = before.history.present;
      if (now.frame !== was.frame || now.picture !== was.picture) keep();
    });
  }, [ready, job]);
}

/**
 * The canvas: the picture with layers over it, a frame that says what Generate works on, and the
 * results staged over the frame. Layers on the left, the stage in the middle, what will be sent
 * on the right. `view` is the job a page sets it up for (Inpainting, Outpainting).
 */
export function CanvasPage({ view = null }: { view?: CanvasPreset | null }) {
  const memberId = useMemberId();
  const { ready, problem, notice, preset } = useCanvasStart(memberId, view);
  const { title, icon, slug } = VIEWS[view ?? "canvas"];
  const doc = useCanvasDocument();
  const staging = useCanvasStore((s) => s.staging);
  const readOnly = useReadOnlyReason();
  const showHelp = useShortcutsHelp((s) => s.setOpen);
  const { send, pending, error } = useCanvasGenerate();
  const [hint, setHint] = useState<string | null>(null);
  const task = useTaskViews(staging ? [staging.taskUUID] : [])[0];
  const staged = staging ? (task?.items[Math.min(staging.index, task.items.length - 1)] ?? null) : null;
  useCanvasKeys({ onGenerate: () => !readOnly && !pending && void send(), items: task?.items ?? [] });
  useKeepJobFrame(ready, preset);

  return (
    <div data-fills-screen className="flex flex-col gap-4 lg:min-h-0 lg:flex-1">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-[10px] border border-border-strong bg-panel-raised text-accent-fg">
            <WorkflowIcon name={icon} className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="font-medium text-[12px] text-muted-subtle uppercase tracking-wider">Create</p>
            <h1 className="truncate font-semibold text-foreground text-xl tracking-tight">{title}</h1>
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
      {readOnly ? <ReadOnlyNote reason={readOnly} /> : <CanvasDraftBar slug={slug} disabled={!ready} />}
      {problem ? (
        <p
          role="alert"
          className="rounded-control border border-border bg-panel px-3 py-2 text-[13px] text-danger"
        >
          {problem}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="text-[13px] text-muted">
          {notice}
        </p>
      ) : null}
      <div
        aria-busy={!ready}
        data-testid="canvas-page"
        className="grid gap-4 lg:min-h-0 lg:flex-1 lg:grid-cols-[15rem_minmax(0,1fr)_17rem] xl:grid-cols-[17rem_minmax(0,1fr)_19rem] lg:grid-rows-[minmax(0,1fr)]"
      >
        <aside
          aria-label="Picture and layers"
          className="flex flex-col gap-5 overflow-y-auto rounded-panel border border-border bg-panel p-4 shadow-panel lg:min-h-0"
        >
          <ImageInput
            id="canvas-picture"
            label="Picture"
            size="sm"
            value={doc.picture?.id}
            onChange={(image) => {
              if (image) {
                useCanvasStore.getState().setPicture(toPicture(image));
                if (preset) useCanvasStore.getState().applyPreset(preset);
                fitCanvasView(useCanvasStore.getState().history.present);
              }
            }}
          />
          <LayersPanel />
          <LayerSettings />
        </aside>
        <div className="relative h-[60vh] overflow-hidden rounded-panel border border-border bg-surface-sunken lg:h-auto lg:min-h-0">
          {ready ? (
            <CanvasStage
              staged={staged ? { url: staged.url } : null}
              onHint={setHint}
              viewKey={memberId ? viewStorageKey(memberId, view ?? "canvas") : null}
            />
          ) : null}
          <div className="pointer-events-none absolute inset-x-3 top-3 flex flex-col items-start gap-2">
            <ToolBar onFit={() => fitCanvasView(useCanvasStore.getState().history.present)} />
            {hint ? (
              <p
                role="status"
                className="rounded-control bg-panel/95 px-2.5 py-1.5 text-[12px] text-foreground shadow-panel"
              >
                {hint}
              </p>
            ) : null}
          </div>
          {staging ? (
            <div className="@container pointer-events-none absolute inset-x-3 bottom-3 flex justify-center">
              <StagingBar staging={staging} task={task} />
            </div>
          ) : null}
        </div>
        <aside
          aria-label="Generate"
          className="flex flex-col overflow-hidden rounded-panel border border-border bg-panel shadow-panel lg:min-h-0"
        >
          <SendPanel
            onGenerate={() => void send()}
            pending={pending || !ready}
            error={error}
            readOnly={Boolean(readOnly)}
            outpaintPage={view === "outpaint"}
          />
        </aside>
      </div>
    </div>
  );
}
