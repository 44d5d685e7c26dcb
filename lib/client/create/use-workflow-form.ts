"use client";

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type FieldValues, type UseFormReturn, useForm } from "react-hook-form";
import { inWords } from "@/lib/client/create/field-labels";
import type { ProtocolOptions } from "@/lib/protocol";
import type { TaskView } from "@/lib/studio/items/gallery-item";
import { checkDraft, droppedNotice } from "./draft-check";
import { useCreateStore } from "./drafts";
import { pickFields } from "./image-fields";
import { recallValues } from "./recall";
import { isRecallPart, type RecallPart } from "./recall-links";
import { recallNotice, restoreMedia } from "./recall-media";
import { recallMediaDeps } from "./recall-media-deps";
import { recallTaskQuery } from "./recall-prefetch";
import { errorTree, ROOT_ERROR, taskResolver } from "./task-resolver";
import { buildTask, parseExtraJson, valuesFromTask } from "./task-values";
import { imageUploadsInFlight, imageUploadsSettled } from "./uploads-in-flight";
import { useDraft } from "./use-draft";
import { useGenerate } from "./use-generate";
import { useVersionTarget, versionKeys, versionTargetOf } from "./version-target";

interface WorkflowFormOptions {
  slug: string;
  taskType: "imageInference" | "videoInference";
  /** Top-level task fields the page shows; only these are sent. */
  fields: readonly string[];
  defaults: Record<string, unknown>;
  protocol?: ProtocolOptions;
  /** Turns form values into the task's fields where the form keeps them differently. */
  toTask?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** What taking a past task in does, where the form keeps it differently (video); else its fields. */
  recallInto?: (
    params: Record<string, unknown>,
    part: RecallPart,
    seed: string | null | undefined,
  ) => Recalled;
}

/** A whole task replaces the form; one aspect of it is set over what the form holds. */
export type Recalled = { reset: Record<string, unknown> } | { apply: Record<string, unknown> };

/**
 * The life of a Create form: it starts from a recalled task (`?recall=`), a teammate's setup
 * (`?setup=`) or the member's saved draft, else from the defaults; every change is saved as the
 * draft (lib/client/create/use-draft.ts); Generate validates with the contract's parser and sends;
 * errors the server returns land on the fields they name.
 */
export function useWorkflowForm({
  slug,
  taskType,
  fields,
  defaults,
  protocol,
  toTask,
  recallInto,
}: WorkflowFormOptions) {
  const form = useTaskForm(taskType, fields, defaults, protocol, toTask);
  const { generate, pending } = useGenerate(slug);
  const search = useSearchParams();
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const recalls = useRef(0);
  const draft = useCheckedDraft(slug, form, { defaults, fields, taskType, protocol, toTask });

  /** Sets some values, leaving the others, as recall and the result strip's buttons do. */
  const applyValues = useCallback(
    (values: Record<string, unknown>) => {
      for (const [key, value] of Object.entries(values)) {
        if (fields.includes(key)) form.setValue(key, value, { shouldDirty: true });
      }
      form.clearErrors();
    },
    [form, fields],
  );

  /**
   * Takes a past task into the form: its media first (all looked up at once, cached ones at no
   * cost), then every value in one go, so the form never shows half a task. Says what it could
   * not restore. A later recall wins over one still looking its media up.
   */
  const recall = useCallback(
    async (task: Pick<TaskView, "params">, part: RecallPart, seed?: string | null) => {
      const turn = ++recalls.current;
      const media =
        part === "all"
          ? await restoreMedia(task.params, recallMediaDeps(queryClient))
          : { params: task.params, lost: [] };
      if (turn !== recalls.current) return;
      const outcome: Recalled = recallInto
        ? recallInto(media.params, part, seed)
        : part === "all"
          ? { reset: { ...defaults, ...pickFields(recallValues(media.params, part, seed), fields) } }
          : { apply: recallValues(media.params, part, seed) };
      if ("reset" in outcome) form.reset(outcome.reset);
      else applyValues(outcome.apply);
      setNotice(recallNotice(part, media.lost));
    },
    [queryClient, recallInto, defaults, fields, form, applyValues],
  );

  const ready = useFormStart({
    slug,
    fields,
    form,
    search,
    queryClient,
    recall,
    applyValues,
    setNotice,
    draft,
  });

  const send = useCallback(
    async (values: Record<string, unknown>, taskUUID?: string) => {
      const { task: built, extra } = taskOf(values, taskType, fields, toTask, taskUUID);
      const target = useVersionTarget.getState().targets[slug];
      const task = { ...built, ...versionKeys(target) };
      const outcome = await generate([task]);
      // One task makes the version; the next Generate makes a plain new item again.
      if (outcome.ok) {
        if (target) useVersionTarget.getState().clearTarget(slug);
        return;
      }
      placeServerErrors(form, outcome.errors, fields, extra.ok ? Object.keys(extra.value) : []);
    },
    [form, generate, taskType, fields, toTask, slug],
  );

  const { submit, awaitingImages } = useSubmitAfterUploads(form, send);

  /** The task Generate would send now (for "Vary…"): the form's values, as `send` shapes them. */
  const currentTask = useCallback(() => {
    return taskOf(form.getValues() as Record<string, unknown>, taskType, fields, toTask).task;
  }, [form, taskType, fields, toTask]);

  /** Sends a past task's params again (as they were, or with images made smaller). */
  const resend = useCallback((params: Record<string, unknown>) => send({ ...params, extraJson: "" }), [send]);

  /** Sends a past task again as it was, with a new taskUUID. */
  const retry = useCallback(
    (task: TaskView) => {
      void resend(valuesFromTask(task.params));
    },
    [resend],
  );

  const { resetForm, restoreDraft } = useDraftActions({ draft, form, defaults, slug, setNotice });

  return {
    form,
    submit,
    pending: pending || awaitingImages,
    ready,
    notice,
    applyValues,
    recall,
    retry,
    resend,
    resetForm,
    restoreDraft,
    draftStatus: draft.status,
    currentTask,
  };
}

/**
 * Generate: the form's values checked and sent. An image chosen a moment ago and still on its way
 * is the one meant, so the form is read once it has landed in its field; meanwhile Generate says
 * it is sending.
 */
function useSubmitAfterUploads(
  form: UseFormReturn<FieldValues>,
  send: (values: Record<string, unknown>) => Promise<void>,
) {
  const [awaitingImages, setAwaitingImages] = useState(false);
  const submit = useCallback(async () => {
    if (imageUploadsInFlight()) {
      setAwaitingImages(true);
      await imageUploadsSettled();
      setAwaitingImages(false);
    }
    await form.handleSubmit((values) => send(values))();
  }, [form, send]);
  return { submit, awaitingImages };
}

/** The member's draft of this form, each value it opens with checked by the contract's parser. */
function useCheckedDraft(
  slug: string,
  form: UseFormReturn<FieldValues>,
  rules: Parameters<typeof checkDraft>[1],
): ReturnType<typeof useDraft> {
  const { defaults, fields, taskType, protocol, toTask } = rules;
  const check = useCallback(
    (draft: unknown) => checkDraft(draft, { defaults, fields, taskType, protocol, toTask }),
    [defaults, fields, taskType, protocol, toTask],
  );
  return useDraft(slug, form, check);
}

/** "Clear draft", and "Restore": what clearing emptied, or the member's own draft over a teammate's setup. */
function useDraftActions({
  draft,
  form,
  defaults,
  slug,
  setNotice,
}: {
  draft: ReturnType<typeof useDraft>;
  form: UseFormReturn<FieldValues>;
  defaults: Record<string, unknown>;
  slug: string;
  setNotice: (notice: string | null) => void;
}) {
  const resetForm = useCallback(() => {
    void draft.clear(defaults);
    setNotice(null);
  }, [draft.clear, defaults, setNotice]);

  const restoreDraft = useCallback(async () => {
    const status = draft.status;
    if (status.kind === "cleared") {
      form.reset(status.previous);
      await draft.save(status.previous);
    } else if (status.kind === "setup") {
      const { opened, problem } = await draft.start(null);
      form.reset(opened?.values ?? defaults);
      if (!opened) draft.setStatus({ kind: "none" });
      setNotice(problem ?? droppedNotice(opened?.dropped ?? []));
      window.history.replaceState(window.history.state, "", `/create/${slug}`);
    }
  }, [draft, form, defaults, slug, setNotice]);

  return { resetForm, restoreDraft };
}

/**
 * Starts the form in the browser after the first render (`openForm`), then saves every change as
 * the draft: after the start, so neither the defaults nor a teammate's setup overwrite the
 * member's draft before they change something. Answers whether the form has opened.
 */
function useFormStart(o: Parameters<typeof openForm>[0] & { draft: ReturnType<typeof useDraft> }): boolean {
  const [ready, setReady] = useState(false);
  const started = useRef(false);
  const { slug, fields, form, search, queryClient, recall, applyValues, setNotice, draft } = o;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void openForm({ slug, fields, form, search, queryClient, recall, applyValues, setNotice, draft }).then(
      (typed) => {
        setReady(true);
        // Typed before the form had opened: a change like any other, saved as the draft.
        if (typed) void draft.save(form.getValues() as Record<string, unknown>);
      },
    );
  }, [slug, fields, form, search, applyValues, recall, queryClient, draft, setNotice]);
  const watchDraft = draft.watch;
  useEffect(() => (ready ? watchDraft() : undefined), [ready, watchDraft]);
  return ready;
}

/**
 * The form's start: the stores are read from localStorage and the draft (or a teammate's setup,
 * `?setup=`) from the studio, then a recalled task (`?recall=`)
 * or a seed image (`?input=`) is taken in, and the address loses its one-time query. Answers
 * whether the member changed the form while it was opening.
 */
async function openForm(o: {
  slug: string;
  draft: Pick<ReturnType<typeof useDraft>, "start">;
  fields: readonly string[];
  form: UseFormReturn<FieldValues>;
  search: ReturnType<typeof useSearchParams>;
  queryClient: QueryClient;
  recall: (task: Pick<TaskView, "params">, part: RecallPart, seed?: string | null) => Promise<void>;
  applyValues: (values: Record<string, unknown>) => void;
  setNotice: (notice: string | null) => void;
}): Promise<boolean> {
  const { slug, search } = o;
  await useCreateStore.persist.rehydrate();
  await useVersionTarget.persist.rehydrate();
  // "New version": the recipe comes by `recall`, the link to the item by `versionOf`.
  const target = versionTargetOf(search);
  if (target) useVersionTarget.getState().setTarget(slug, target);
  const { opened, problem } = await o.draft.start(search.get("setup"));
  // What the member typed while the draft was being read stays; the draft fills the rest.
  // Asked of each field, not of `formState`: reading that would subscribe the whole form to its
  // dirty fields, and every later change would render it again (a list's new row among them).
  const typed = o.fields.some((name) => o.form.getFieldState(name).isDirty);
  if (opened) o.form.reset(opened.values, { keepDirtyValues: true });
  o.setNotice(problem ?? droppedNotice(opened?.dropped ?? []));
  const uuid = search.get("recall");
  const part = search.get("use") ?? "all";
  const input = search.get("input");
  if (uuid && isRecallPart(part)) {
    try {
      // A task the page already shows (its result strip), or one the gallery looked up when
      // its link was pointed at, is not fetched again.
      const task = await o.queryClient.fetchQuery(recallTaskQuery(uuid));
      await o.recall(task, part, search.get("seed"));
    } catch {
      o.setNotice("That task could not be opened; the form kept its draft.");
    }
  }
  if (input && o.fields.includes("seedImage")) o.applyValues({ seedImage: input });
  // The address loses its one-time query without a round trip to the server: a router
  // navigation here would fetch the page again, and what the form shows would wait for it.
  if (uuid || input || target) window.history.replaceState(window.history.state, "", `/create/${slug}`);
  return typed;
}

/** Errors the server returned land on the fields they name; the rest go under the form, in words. */
function placeServerErrors(
  form: UseFormReturn<FieldValues>,
  errors: Parameters<typeof errorTree>[0],
  fields: readonly string[],
  extraKeys: string[],
): void {
  const { tree, unplaced } = errorTree(errors, fields, extraKeys);
  const place = (node: unknown, path: string) => {
    if (!node || typeof node !== "object") return;
    const e = node as { message?: unknown; type?: unknown };
    if (typeof e.message === "string") {
      form.setError(path, { type: String(e.type ?? "server"), message: e.message }, { shouldFocus: true });
      return;
    }
    for (const [k, v] of Object.entries(node)) place(v, path ? `${path}.${k}` : k);
  };
  place(tree, "");
  if (unplaced.length > 0) {
    form.setError(ROOT_ERROR, {
      type: "server",
      message: unplaced.map((e) => inWords(e.message)).join(" "),
    });
  }
}

/** The form, judged by the contract's parser on the page's task fields only. */
function useTaskForm(
  taskType: WorkflowFormOptions["taskType"],
  fields: readonly string[],
  defaults: Record<string, unknown>,
  protocol: ProtocolOptions | undefined,
  toTask: WorkflowFormOptions["toTask"],
): UseFormReturn<FieldValues> {
  const resolver = useMemo(() => {
    const check = taskResolver<FieldValues>(taskType, () => fields, protocol);
    // Only the page's task fields are judged: UI-only values (a seed image's size, a mode) are not.
    return ((values, context, options) =>
      check(pickFields(toTask ? toTask(values) : values, fields), context, options)) as typeof check;
  }, [taskType, fields, protocol, toTask]);
  return useForm<FieldValues>({
    defaultValues: defaults,
    resolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
}

/** The task the form's values make: the page's fields, shaped by `toTask`, with the extra JSON. */
function taskOf(
  values: Record<string, unknown>,
  taskType: WorkflowFormOptions["taskType"],
  fields: readonly string[],
  toTask: WorkflowFormOptions["toTask"],
  taskUUID?: string,
) {
  const extra = parseExtraJson(values.extraJson as string | undefined);
  const shaped = toTask ? toTask(values) : values;
  const task = buildTask(taskType, pickFields(shaped, fields), {
    extra: extra.ok ? extra.value : {},
    ...(taskUUID ? { taskUUID } : {}),
  });
  return { task, extra };
}
