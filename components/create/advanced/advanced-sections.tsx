"use client";

import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { Section } from "@/components/ui/section";
import {
  accelerationSummary,
  aceSummary,
  countSummary,
  flagsSummary,
  hasErrorUnder,
  modelSummary,
  puLIDSummary,
  refinerSummary,
} from "@/lib/client/create/advanced-summary";
import { useModelByAir } from "@/lib/client/create/tools";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { AccelerationFields } from "./acceleration-fields";
import { AcePlusPlusFields } from "./ace-plus-plus-fields";
import { AdvancedFeatureFields, SafetyFields } from "./feature-fields";
import { IpAdapterList } from "./ip-adapter-list";
import { ModelWeightList } from "./model-weight-list";
import { PuLIDFields } from "./pulid-fields";
import { RefinerFields, VaeField } from "./refiner-fields";

const WATCHED = [
  "lora",
  "embeddings",
  "refiner",
  "vae",
  "ipAdapters",
  "puLID",
  "acePlusPlus",
  "acceleration",
  "acceleratorOptions",
  "advancedFeatures",
  "safety",
] as const;

/**
 * The image form's advanced options, one folded section each: models layered on the checkpoint,
 * identity features, acceleration, extra features and the content check. Each section says what
 * it holds while folded and opens itself when a field inside has an error.
 */
export function AdvancedSections() {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  const [
    lora,
    embeddings,
    refiner,
    vae,
    ipAdapters,
    puLID,
    ace,
    acceleration,
    accelerator,
    features,
    safety,
  ] = useWatch({ control, name: [...WATCHED] }) as unknown[];
  const invalid = (...paths: string[]) => hasErrorUnder(errors, paths);
  // The VAE by its name when the catalogue knows it; its AIR id otherwise.
  const vaeModel = useModelByAir(typeof vae === "string" && vae !== "" ? vae : undefined, "vae");
  const checkContent = (safety as { checkContent?: unknown } | undefined)?.checkContent === true;

  return (
    <>
      <Section title="LoRA" summary={countSummary(lora, "LoRA", "LoRAs")} invalid={invalid("lora")}>
        <ModelWeightList
          name="lora"
          category="lora"
          noun="LoRA"
          weight={IMAGE_LIMITS.lora.weight}
          hint="Small add-on models for a style, character or concept. A negative weight steers away from it."
          addTestId="add-lora"
        />
      </Section>
      <Section
        title="Embeddings"
        summary={countSummary(embeddings, "embedding", "embeddings")}
        invalid={invalid("embeddings")}
      >
        <ModelWeightList
          name="embeddings"
          category="embeddings"
          noun="Embedding"
          weight={IMAGE_LIMITS.embeddings.weight}
          hint="Learned prompt tokens, often used in the negative prompt's place."
          addTestId="add-embedding"
        />
      </Section>
      <Section title="Refiner" summary={refinerSummary(refiner)} invalid={invalid("refiner")}>
        <RefinerFields />
      </Section>
      <Section
        title="VAE"
        summary={vaeModel?.name ?? modelSummary(vae, "Model's own")}
        invalid={invalid("vae")}
      >
        <VaeField />
      </Section>
      <Section
        title="IP-adapters"
        summary={countSummary(ipAdapters, "adapter", "adapters")}
        invalid={invalid("ipAdapters")}
      >
        <IpAdapterList />
      </Section>
      <Section title="PuLID (face identity)" summary={puLIDSummary(puLID)} invalid={invalid("puLID")}>
        <PuLIDFields />
      </Section>
      <Section title="ACE++" summary={aceSummary(ace)} invalid={invalid("acePlusPlus", "referenceImages")}>
        <AcePlusPlusFields />
      </Section>
      <Section
        title="Acceleration"
        summary={accelerationSummary(acceleration, accelerator)}
        invalid={invalid("acceleration", "acceleratorOptions")}
      >
        <AccelerationFields />
      </Section>
      <Section
        title="Advanced features"
        summary={flagsSummary(features)}
        invalid={invalid("advancedFeatures")}
      >
        <AdvancedFeatureFields />
      </Section>
      <Section title="Safety" summary={checkContent ? "Content check on" : "Off"} invalid={invalid("safety")}>
        <SafetyFields />
      </Section>
    </>
  );
}
