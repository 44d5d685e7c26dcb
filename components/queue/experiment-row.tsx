"use client";

import { FlaskConical, Pause, PauseCircle, Play, XCircle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import type { WaitingExperiment } from "@/lib/studio/api/queue";
import { PRIORITY_LABELS } from "@/lib/studio/queue/queue";
import { EntryFrame, type EntryFrameProps } from "./entry-frame";

const cells = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "cell" : "cells"} waiting`;

/**
 * An experiment's cells not yet sent, as one entry: moved, paused, resumed and cancelled as one;
 * chosen, they are edited together with the chosen tasks.
 */
export function ExperimentRow({
  experiment,
  onHold,
  onCancel,
  ...frame
}: Omit<EntryFrameProps, "id"> & {
  experiment: WaitingExperiment;
  onHold(held: boolean): void;
  onCancel(): void;
}) {
  const { name, waiting, paused, pausedItself, priority } = experiment;
  return (
    <EntryFrame
      {...frame}
      id={experiment.experimentId}
      data-testid="waiting-experiment"
      data-experiment={experiment.experimentId}
      data-paused={paused ? "true" : "false"}
      className="border-accent/25 bg-accent/[0.03]"
      label={`Experiment ‘${name}’, ${cells(waiting)}, ${PRIORITY_LABELS[priority]} priority${paused ? ", paused" : ""}`}
      chooseLabel={`Choose the experiment ‘${name}’`}
      actions={
        <>
          {pausedItself ? (
            <Button size="sm" variant="ghost" className="px-1.5" onClick={() => onHold(false)}>
              <Play aria-hidden />
              Resume
            </Button>
          ) : (
            <Button size="sm" variant="ghost" className="px-1.5" onClick={() => onHold(true)}>
              <Pause aria-hidden />
              Pause
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            className="px-1.5"
            aria-label={`Cancel the experiment ‘${name}’`}
            title="Cancel the cells not yet sent"
            onClick={onCancel}
          >
            <XCircle aria-hidden />
          </Button>
        </>
      }
    >
      <p
        className="flex min-w-0 items-start gap-1.5 text-[13px] text-foreground"
        data-testid="experiment-entry-title"
      >
        <FlaskConical aria-hidden className="mt-0.5 size-3.5 shrink-0 text-accent" />
        <span className="line-clamp-3 break-words">
          Experiment{" "}
          <Link href={`/experiments/${experiment.experimentId}`} className="font-medium hover:underline">
            ‘{name}’
          </Link>{" "}
          — {cells(waiting)}
        </span>
      </p>
      <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-[11.5px] text-muted-subtle">
        {experiment.yours ? null : <span>{experiment.authorName} ·</span>}
        {priority !== "normal" ? (
          <Badge tone={priority === "high" ? "accent" : "neutral"} className="px-1.5 py-0 text-[10.5px]">
            {PRIORITY_LABELS[priority]} priority
          </Badge>
        ) : null}
        {paused ? (
          <span className="inline-flex items-center gap-1 text-warning-fg">
            <PauseCircle aria-hidden className="size-3" />
            {pausedItself ? "Paused" : "Held by a pause"}
          </span>
        ) : null}
      </p>
    </EntryFrame>
  );
}
