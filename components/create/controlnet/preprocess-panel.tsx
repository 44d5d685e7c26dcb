"use client";

import { Wand2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { FieldShell } from "@/components/forms/field-shell";
import { ImageInput } from "@/components/forms/image-input";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import {
  CANNY_LIMITS,
  checkPreprocess,
  DEFAULT_PREPROCESSOR,
  modelSearchTerm,
  PREPROCESSOR_INFO,
  PREPROCESSOR_OPTIONS,
  type PreprocessResult,
  preprocessBody,
  suggestedModel,
} from "@/lib/client/create/controlnet-preprocess";
import { useFittedGuides } from "@/lib/client/create/fitted-guides";
import { useModelSearch } from "@/lib/client/create/tools";
import { call } from "@/lib/client/endpoint-client";
import type { ServiceError } from "@/lib/protocol/errors";
import type { PreProcessorType } from "@/lib/protocol/utility-tasks";
import { api } from "@/lib/studio/api/addresses";
import { ApiError } from "@/lib/studio/api/errors";
import { CannyThresholds } from "./canny-thresholds";
import { GuidePreview } from "./guide-preview";

const THRESHOLD_PARAMETERS = new Set(["lowThresholdCanny", "highThresholdCanny"]);

interface PreprocessPanelProps {
  /** The unit's path in the form, `controlNet.<i>`. */
  name: string;
  /** Base of this panel's element ids. */
  idBase: string;
}

/**
 * Makes a guide from a photo: preprocess, compare source and guide side by side, then use it.
 * Using it also preselects a ControlNet model made for that kind of guide when the unit has none.
 * The source and the result are this panel's own state: neither is part of the task.
 */
export function PreprocessPanel({ name, idBase }: PreprocessPanelProps) {
  const { getValues, setValue, clearErrors } = useFormContext();
  const guide = useWatch({ name: `${name}.guideImage` }) as string | undefined;
  const [source, setSource] = useState<string | undefined>();
  const [type, setType] = useState<PreProcessorType>(DEFAULT_PREPROCESSOR);
  const [low, setLow] = useState<number | undefined>(CANNY_LIMITS.low.default);
  const [high, setHigh] = useState<number | undefined>(CANNY_LIMITS.high.default);
  const [result, setResult] = useState<PreprocessResult | null>(null);
  const [errors, setErrors] = useState<ServiceError[]>([]);
  const [busy, setBusy] = useState(false);
  const [suggesting, setSuggesting] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  // Counts requests so an answer for a source that was replaced meanwhile is dropped.
  const latest = useRef(0);
  // Searched as soon as a guide exists, so the suggestion is usually ready when it is used.
  const models = useModelSearch(
    result ? modelSearchTerm(result.preProcessorType) : "",
    "controlnet",
    result !== null,
  );

  useEffect(() => {
    if (!suggesting) return;
    if (models.isError) {
      setSuggesting(false);
      return;
    }
    // Placeholder data is the previous search's answer: wait for this guide's own.
    if (!models.isSuccess || models.isPlaceholderData) return;
    setSuggesting(false);
    const results = models.data?.results ?? [];
    const air = suggestedModel(results, getValues(`${name}.model`) as string | undefined);
    if (!air) return;
    setValue(`${name}.model`, air, { shouldDirty: true });
    clearErrors(`${name}.model`);
    const hit = results.find((m) => m.air === air);
    setNote(
      `Model set to ${hit?.name ?? air}, made for this kind of guide. Check that it suits your checkpoint.`,
    );
  }, [
    suggesting,
    models.isError,
    models.isSuccess,
    models.isPlaceholderData,
    models.data,
    getValues,
    setValue,
    clearErrors,
    name,
  ]);

  const changeSource = (id: string | undefined) => {
    latest.current += 1;
    setSource(id);
    setResult(null);
    setErrors([]);
    setBusy(false);
    setNote(null);
  };

  const run = async () => {
    if (!source) return;
    const body = preprocessBody({
      inputImage: source,
      preProcessorType: type,
      lowThresholdCanny: low,
      highThresholdCanny: high,
    });
    const refused = checkPreprocess(body);
    setErrors(refused);
    if (refused.length > 0) return;
    const request = ++latest.current;
    setBusy(true);
    setNote(null);
    try {
      const data = (await call(api.tools.run, { body })) as PreprocessResult;
      if (request === latest.current) setResult(data);
    } catch (err) {
      if (request !== latest.current) return;
      setErrors(
        err instanceof ApiError
          ? err.errors
          : [{ code: "networkError", message: "The studio could not be reached; try again." }],
      );
    } finally {
      if (request === latest.current) setBusy(false);
    }
  };

  const use = () => {
    if (!result) return;
    setValue(`${name}.guideImage`, result.id, { shouldDirty: true });
    clearErrors(`${name}.guideImage`);
    setSuggesting(true);
  };

  // The result, or its copy fitted to the output's shape (GuideAspectNote), is the unit's guide.
  const fittedFrom = useFittedGuides((s) => (guide ? s.from[guide] : undefined));
  const inUse = result !== null && (guide === result.id || fittedFrom === result.id);
  const fitted = inUse && guide !== result?.id;
  const otherErrors = errors.filter((e) => !e.parameter || !THRESHOLD_PARAMETERS.has(e.parameter));
  return (
    <div className="flex flex-col gap-3 rounded-card border border-border bg-surface-sunken/40 p-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <ImageInput
          id={`${idBase}-source`}
          label="Source photo"
          value={source}
          onChange={(image) => changeSource(image?.id)}
          hint="The preprocessor draws its guide from this photo."
        />
        <GuidePreview id={`${idBase}-result`} result={result} busy={busy} inUse={inUse} fitted={fitted} />
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <FieldShell
          id={`${idBase}-type`}
          label="Preprocessor"
          hint={PREPROCESSOR_INFO[type].hint}
          className="min-w-48 flex-1"
        >
          <Select
            id={`${idBase}-type`}
            className="w-full"
            value={type}
            aria-describedby={`${idBase}-type-hint`}
            onChange={(e) => {
              const next = PREPROCESSOR_OPTIONS.find((o) => o.value === e.target.value)?.value;
              if (next) setType(next);
            }}
          >
            {PREPROCESSOR_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FieldShell>
        {type === "canny" ? (
          <CannyThresholds
            idBase={idBase}
            low={low}
            high={high}
            onLow={setLow}
            onHigh={setHigh}
            errors={errors}
          />
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          data-testid="preprocess-button"
          onClick={() => void run()}
          disabled={!source || busy}
        >
          <Wand2 aria-hidden />
          {busy ? "Preprocessing…" : "Preprocess"}
        </Button>
        <Button
          size="sm"
          variant="primary"
          data-testid="use-guide-button"
          onClick={use}
          disabled={!result || busy || inUse}
        >
          {inUse ? "Guide in use" : "Use this guide"}
        </Button>
      </div>
      {otherErrors.length > 0 ? (
        <p role="alert" className="text-danger-fg text-xs">
          {otherErrors.map((e) => e.message).join(" ")}
        </p>
      ) : null}
      {note ? (
        <p aria-live="polite" className="text-[12px] text-muted">
          {note}
        </p>
      ) : null}
    </div>
  );
}
