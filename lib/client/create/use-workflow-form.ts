"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type FieldValues, useForm } from "react-hook-form";
import type { ProtocolOptions } from "@/lib/protocol";
import type { TaskView } from "@/lib/studio/stream-events";
import { fetchData } from "../use-api";
import { useCreateStore } from "./drafts";
import { inWords } from "./field-labels";
import { pickFields } from "./image-fields";
import { isRecallPart, recallValues } from "./recall";
import { errorTree, ROOT_ERROR, taskResolver } from "./task-resolver";
import { buildTask, parseExtraJson, valuesFromTask } from "./task-values";
import { useGenerate } from "./use-generate";

const SAVE_DELAY_MS = 300;

interface WorkflowFormOptions {
  slug: string;
  taskType: "imageInference" | "videoInference";
  /** Top-level task fields the page shows; only these are sent. */
  fields: readonly string[];
  defaults: Record<string, unknown>;
  protocol?: ProtocolOptions;
  /** Turns form values into the task's fields where the form keeps them differently. */
  toTask?: (values: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * The life of a Create form: it starts from a recalled task (`?recall=`), else from the saved
 * draft, else from the defaults; every change is saved as the draft; Generate validates with the
 * contract's parser and sends; errors the server returns land on the fields they name.
 */
export function useWorkflowForm({ slug, taskType, fields, defaults, protocol, toTask }: WorkflowFormOptions) {
  const resolver = useMemo(() => {
    const check = taskResolver<FieldValues>(taskType, () => fields, protocol);
    // Only the page's task fields are judged: UI-only values (a seed image's size, a mode) are not.
    return ((values, context, options) =>
      check(pickFields(toTask ? toTask(values) : values, fields), context, options)) as typeof check;
  }, [taskType, fields, protocol, toTask]);
  const form = useForm<FieldValues>({
    defaultValues: defaults,
    resolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { generate, pending } = useGenerate(slug);
  const search = useSearchParams();
  const router = useRouter();
  const [ready, setReady] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const started = useRef(false);

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

  // Start: the draft store is read from localStorage only in the browser, after the first render.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      await useCreateStore.persist.rehydrate();
      const draft = useCreateStore.getState().drafts[slug];
      if (draft) form.reset({ ...defaults, ...draft });
      const recall = search.get("recall");
      const part = search.get("use") ?? "all";
      const input = search.get("input");
      if (recall && isRecallPart(part)) {
        try {
          const task = await fetchData<TaskView>(`/api/tasks/${encodeURIComponent(recall)}`);
          const values = recallValues(task.params, part, search.get("seed"));
          if (part === "all") form.reset({ ...defaults, ...pickFields(values, fields) });
          else applyValues(values);
          setNotice(`Filled in from a ${part === "all" ? "past task" : `past task's ${part}`}.`);
        } catch {
          setNotice("That task could not be opened; the form kept its draft.");
        }
      }
      if (input && fields.includes("seedImage")) applyValues({ seedImage: input });
      if (recall || input) router.replace(`/create/${slug}`, { scroll: false });
      setReady(true);
    })();
  }, [slug, defaults, fields, form, search, router, applyValues]);

  // Every change becomes the draft (after the start, so the defaults never overwrite a draft).
  useEffect(() => {
    if (!ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sub = form.watch((values) => {
      clearTimeout(timer);
      timer = setTimeout(
        () => useCreateStore.getState().saveDraft(slug, values as Record<string, unknown>),
        SAVE_DELAY_MS,
      );
    });
    return () => {
      clearTimeout(timer);
      sub.unsubscribe();
    };
  }, [form, ready, slug]);

  const send = useCallback(
    async (values: Record<string, unknown>, taskUUID?: string) => {
      const extra = parseExtraJson(values.extraJson as string | undefined);
      const shaped = toTask ? toTask(values) : values;
      const task = buildTask(taskType, pickFields(shaped, fields), {
        extra: extra.ok ? extra.value : {},
        ...(taskUUID ? { taskUUID } : {}),
      });
      const outcome = await generate([task]);
      if (outcome.ok) return;
      const { tree, unplaced } = errorTree(outcome.errors, fields, extra.ok ? Object.keys(extra.value) : []);
      const place = (node: unknown, path: string) => {
        if (!node || typeof node !== "object") return;
        const e = node as { message?: unknown; type?: unknown };
        if (typeof e.message === "string") {
          form.setError(
            path,
            { type: String(e.type ?? "server"), message: e.message },
            { shouldFocus: true },
          );
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
    },
    [form, generate, taskType, fields, toTask],
  );

  const submit = form.handleSubmit((values) => send(values));

  /** Sends a past task again as it was, with a new taskUUID. */
  const retry = useCallback(
    (task: TaskView) => {
      void send({ ...valuesFromTask(task.params), extraJson: "" });
    },
    [send],
  );

  const resetForm = useCallback(() => {
    useCreateStore.getState().clearDraft(slug);
    form.reset(defaults);
  }, [form, defaults, slug]);

  return { form, submit, pending, ready, notice, applyValues, retry, resetForm };
}
