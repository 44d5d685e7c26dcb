/**
 * Identity features of the `imageInference` request: `puLID` (a face kept from one input image)
 * and `acePlusPlus` (the ACE++ workflow on the fill model). Their task-level requirements (ACE++'s
 * model and root `referenceImages`) are checked by the task schema.
 */
import { z } from "zod";
import { ACE_PLUS_PLUS_TYPES, IMAGE_LIMITS } from "./image-limits";
import { imageInput, intIn, numberIn } from "./primitives";
import { exclusive, objectRules } from "./rule-helpers";

const L = IMAGE_LIMITS;

// puLID ------------------------------------------------------------------------------------------

const pl = L.puLID;

export const puLIDSchema = z
  .strictObject({
    // Exactly one image showing one clear face.
    inputImages: z.array(imageInput).min(pl.inputImages.min).max(pl.inputImages.max),
    idWeight: intIn(pl.idWeight.min, pl.idWeight.max).default(pl.idWeight.default),
    trueCFGScale: numberIn(pl.trueCFGScale.min, pl.trueCFGScale.max).optional(),
    CFGStartStep: intIn(pl.CFGStartStep.min, pl.CFGStartStep.max).optional(),
    CFGStartStepPercentage: intIn(pl.CFGStartStepPercentage.min, pl.CFGStartStepPercentage.max).optional(),
  })
  .superRefine(
    ...objectRules<{ CFGStartStep?: number | undefined; CFGStartStepPercentage?: number | undefined }>(
      (p, add) => void exclusive(p, "CFGStartStep", "CFGStartStepPercentage", "puLID: ", add),
    ),
  );
export type PuLID = z.output<typeof puLIDSchema>;

// acePlusPlus ------------------------------------------------------------------------------------

/**
 * The contract shows only acePlusPlus's requirements (model `ACE_PLUS_PLUS_MODEL`, root
 * `referenceImages`), not its fields. Accepted: the four fields of the real service's public
 * reference: `type` (portrait | subject | local_editing, default portrait), `repaintingScale`
 * (0 = keep identity .. 1 = follow the prompt, default 0), and for local editing one
 * `inputImages` image and one `inputMasks` mask. Anything else is `unknownParameter`.
 */
export const acePlusPlusSchema = z.strictObject({
  type: z.enum(ACE_PLUS_PLUS_TYPES).default("portrait"),
  repaintingScale: numberIn(L.acePlusPlus.repaintingScale.min, L.acePlusPlus.repaintingScale.max).default(
    L.acePlusPlus.repaintingScale.default,
  ),
  inputImages: z
    .array(imageInput)
    .min(L.acePlusPlus.inputImages.min)
    .max(L.acePlusPlus.inputImages.max)
    .optional(),
  inputMasks: z
    .array(imageInput)
    .min(L.acePlusPlus.inputMasks.min)
    .max(L.acePlusPlus.inputMasks.max)
    .optional(),
});
export type AcePlusPlus = z.output<typeof acePlusPlusSchema>;
