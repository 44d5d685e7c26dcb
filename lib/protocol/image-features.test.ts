import { describe, expect, it } from "vitest";
import { parseTask } from "./envelope";
import { ACE_PLUS_PLUS_MODEL, controlNetItemSchema, outpaintSchema } from "./image-inference";
import { PNG_1PX_BASE64, PNG_1PX_DATA_URI } from "./test-fixtures";

const UUID = "6a0f3b2e-9c1d-4e8f-a7b6-5c4d3e2f1a0b";
const AIR = "civitai:133005@782002";

type Task = Record<string, unknown>;
const base: Task = {
  taskType: "imageInference",
  taskUUID: "3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f607",
  positivePrompt: "a red fox",
  model: "runware:100@1",
  width: 1024,
  height: 1024,
};
const withPatch = (patch: Task): Task => ({ ...base, ...patch });

type Pair = [code: string, parameter: string];
function errorsOf(task: Task): Pair[] {
  const out = parseTask(task);
  return out.ok ? [] : out.errors.map((e): Pair => [e.code, e.parameter ?? ""]);
}
type Row = [string, Task, Task, Pair[]];
const one = (code: string, parameter: string): Pair[] => [[code, parameter]];

/** A task with one controlNet item (`patch` merged into a valid item), plus root fields. */
const cn = (patch: Task, root: Task = {}) =>
  withPatch({ controlNet: [{ model: "runware:25@1", guideImage: UUID, ...patch }], ...root });
const lora = (item: Task) => withPatch({ lora: [item] });
const emb = (item: Task) => withPatch({ embeddings: [item] });
const ip = (patch: Task) =>
  withPatch({ ipAdapters: [{ model: "runware:55@1", guideImage: UUID, ...patch }] });
const refiner = (r: Task, root: Task = {}) =>
  withPatch({ refiner: { model: "civitai:101055@128080", ...r }, ...root });
const acc = (o: Task, root: Task = {}) => withPatch({ acceleratorOptions: o, ...root });
const pulid = (patch: Task) => withPatch({ puLID: { inputImages: [UUID], ...patch } });
const ace = (a: Task) => withPatch({ model: ACE_PLUS_PLUS_MODEL, referenceImages: [UUID], acePlusPlus: a });
const outpaint = (o: Task) => withPatch({ seedImage: UUID, outpaint: o });

// biome-ignore format: one row per case reads as a table
const controlNetRows: Row[] = [
  ["model is required", cn({}), withPatch({ controlNet: [{ guideImage: UUID }] }), one("missingControlNetModel", "controlNet.0.model")],
  ["model is an AIR id", cn({ model: AIR }), cn({ model: "canny" }), one("invalidControlNetModel", "controlNet.0.model")],
  ["guideImage is required", cn({}), withPatch({ controlNet: [{ model: AIR }] }), one("missingControlNetGuideImage", "controlNet.0.guideImage")],
  ["guideImage is an image input", cn({ guideImage: PNG_1PX_DATA_URI }), cn({ guideImage: "edges.png" }), one("invalidControlNetGuideImage", "controlNet.0.guideImage")],
  ["weight min 0", cn({ weight: 0 }), cn({ weight: -0.1 }), one("invalidControlNetWeight", "controlNet.0.weight")],
  ["weight max 1", cn({ weight: 1 }), cn({ weight: 1.1 }), one("invalidControlNetWeight", "controlNet.0.weight")],
  ["startStep min 0", cn({ startStep: 0 }), cn({ startStep: -1 }), one("invalidControlNetStartStep", "controlNet.0.startStep")],
  ["endStep min 1", cn({ endStep: 1 }), cn({ endStep: 0 }), one("invalidControlNetEndStep", "controlNet.0.endStep")],
  ["startStepPercentage min 0", cn({ startStepPercentage: 0 }), cn({ startStepPercentage: -1 }), one("invalidControlNetStartStepPercentage", "controlNet.0.startStepPercentage")],
  ["startStepPercentage max 99", cn({ startStepPercentage: 99 }), cn({ startStepPercentage: 100 }), one("invalidControlNetStartStepPercentage", "controlNet.0.startStepPercentage")],
  ["endStepPercentage min 1", cn({ endStepPercentage: 1 }), cn({ endStepPercentage: 0 }), one("invalidControlNetEndStepPercentage", "controlNet.0.endStepPercentage")],
  ["endStepPercentage max 100", cn({ endStepPercentage: 100 }), cn({ endStepPercentage: 101 }), one("invalidControlNetEndStepPercentage", "controlNet.0.endStepPercentage")],
  ["controlMode balanced", cn({ controlMode: "balanced" }), cn({ controlMode: "equal" }), one("invalidControlNetControlMode", "controlNet.0.controlMode")],
  ["controlMode prompt", cn({ controlMode: "prompt" }), cn({ controlMode: "Prompt" }), one("invalidControlNetControlMode", "controlNet.0.controlMode")],
  ["controlMode controlnet", cn({ controlMode: "controlnet" }), cn({ controlMode: 1 }), one("invalidControlNetControlMode", "controlNet.0.controlMode")],
  ["unknown key", cn({ weight: 0.5 }), cn({ strength: 0.5 }), one("unknownParameter", "controlNet.0.strength")],
  ["steps form: start < end", cn({ startStep: 5, endStep: 6 }), cn({ startStep: 6, endStep: 6 }), one("invalidControlNetEndStep", "controlNet.0.endStep")],
  ["percent form: start < end", cn({ startStepPercentage: 10, endStepPercentage: 11 }), cn({ startStepPercentage: 50, endStepPercentage: 40 }), one("invalidControlNetEndStepPercentage", "controlNet.0.endStepPercentage")],
  ["not both forms: startStep + startStepPercentage", cn({ startStep: 2 }), cn({ startStep: 2, startStepPercentage: 10 }), one("conflictStartStepStartStepPercentage", "controlNet.0.startStepPercentage")],
  ["not both forms: startStep + endStepPercentage", cn({ endStepPercentage: 80 }), cn({ startStep: 2, endStepPercentage: 80 }), one("conflictStartStepEndStepPercentage", "controlNet.0.endStepPercentage")],
  ["not both forms: endStep + startStepPercentage", cn({ endStep: 10 }), cn({ endStep: 10, startStepPercentage: 10 }), one("conflictEndStepStartStepPercentage", "controlNet.0.startStepPercentage")],
  ["endStep <= steps", cn({ endStep: 30 }, { steps: 30 }), cn({ endStep: 31 }, { steps: 30 }), one("invalidControlNetEndStep", "controlNet.0.endStep")],
  ["endStep <= default steps (20)", cn({ startStep: 0, endStep: 20 }), cn({ startStep: 0, endStep: 21 }), one("invalidControlNetEndStep", "controlNet.0.endStep")],
  ["startStep < steps without endStep", cn({ startStep: 9 }, { steps: 10 }), cn({ startStep: 10 }, { steps: 10 }), one("invalidControlNetStartStep", "controlNet.0.startStep")],
  ["an acceleration preset picks steps: the engine checks", cn({ endStep: 50 }, { acceleration: "high" }), cn({ endStep: 50 }, { acceleration: "none" }), one("invalidControlNetEndStep", "controlNet.0.endStep")],
  ["the path names the item", withPatch({ controlNet: [{ model: AIR, guideImage: UUID }, { model: AIR, guideImage: UUID }] }), withPatch({ controlNet: [{ model: AIR, guideImage: UUID }, { model: AIR, guideImage: UUID, endStep: 99 }] }), one("invalidControlNetEndStep", "controlNet.1.endStep")],
];

// biome-ignore format: one row per case reads as a table
const adapterRows: Row[] = [
  ["lora model is required", lora({ model: AIR }), lora({ weight: 1 }), one("missingLoraModel", "lora.0.model")],
  ["lora model is an AIR id", lora({ model: "runware:120@2" }), lora({ model: "my-lora" }), one("invalidLoraModel", "lora.0.model")],
  ["lora weight min -4", lora({ model: AIR, weight: -4 }), lora({ model: AIR, weight: -4.1 }), one("invalidLoraWeight", "lora.0.weight")],
  ["lora weight max 4", lora({ model: AIR, weight: 4 }), lora({ model: AIR, weight: 4.1 }), one("invalidLoraWeight", "lora.0.weight")],
  ["lora unknown key", lora({ model: AIR, weight: 0.8 }), lora({ model: AIR, wieght: 0.8 }), one("unknownParameter", "lora.0.wieght")],
  ["embeddings model is required", emb({ model: AIR }), emb({ weight: 1 }), one("missingEmbeddingsModel", "embeddings.0.model")],
  ["embeddings weight min -4", emb({ model: AIR, weight: -4 }), emb({ model: AIR, weight: -5 }), one("invalidEmbeddingsWeight", "embeddings.0.weight")],
  ["embeddings weight max 4", emb({ model: AIR, weight: 4 }), emb({ model: AIR, weight: 5 }), one("invalidEmbeddingsWeight", "embeddings.0.weight")],
  ["embeddings unknown key", emb({ model: AIR }), emb({ model: AIR, token: "x" }), one("unknownParameter", "embeddings.0.token")],
  ["ipAdapters model is required", ip({}), withPatch({ ipAdapters: [{ guideImage: UUID }] }), one("missingIpAdaptersModel", "ipAdapters.0.model")],
  ["ipAdapters guideImage is required", ip({}), withPatch({ ipAdapters: [{ model: "runware:55@1" }] }), one("missingIpAdaptersGuideImage", "ipAdapters.0.guideImage")],
  ["ipAdapters guideImage is an image input", ip({ guideImage: PNG_1PX_BASE64 }), ip({ guideImage: "ftp://example.com/a.png" }), one("invalidIpAdaptersGuideImage", "ipAdapters.0.guideImage")],
  ["ipAdapters weight min 0", ip({ weight: 0 }), ip({ weight: -0.5 }), one("invalidIpAdaptersWeight", "ipAdapters.0.weight")],
  ["ipAdapters weight max 1", ip({ weight: 1 }), ip({ weight: 2 }), one("invalidIpAdaptersWeight", "ipAdapters.0.weight")],
  ["ipAdapters unknown key", ip({ weight: 0.5 }), ip({ scale: 0.5 }), one("unknownParameter", "ipAdapters.0.scale")],
  ["refiner model is required", refiner({ startStep: 10 }), withPatch({ refiner: { startStep: 10 } }), one("missingRefinerModel", "refiner.model")],
  ["refiner startStep min 2", refiner({ startStep: 2 }), refiner({ startStep: 1 }), one("invalidRefinerStartStep", "refiner.startStep")],
  ["refiner startStep < steps", refiner({ startStep: 29 }, { steps: 30 }), refiner({ startStep: 30 }, { steps: 30 }), one("invalidRefinerStartStep", "refiner.startStep")],
  ["refiner startStep < default steps (20)", refiner({ startStep: 19 }), refiner({ startStep: 20 }), one("invalidRefinerStartStep", "refiner.startStep")],
  ["refiner startStepPercentage min 1", refiner({ startStepPercentage: 1 }), refiner({ startStepPercentage: 0 }), one("invalidRefinerStartStepPercentage", "refiner.startStepPercentage")],
  ["refiner startStepPercentage max 99", refiner({ startStepPercentage: 99 }), refiner({ startStepPercentage: 100 }), one("invalidRefinerStartStepPercentage", "refiner.startStepPercentage")],
  ["refiner: startStep or startStepPercentage, not both", refiner({ startStepPercentage: 80 }), refiner({ startStep: 10, startStepPercentage: 80 }), one("conflictStartStepStartStepPercentage", "refiner.startStepPercentage")],
  ["refiner: one of them is required", refiner({ startStep: 10 }), refiner({}), one("missingRefinerStartStep", "refiner.startStep")],
  ["refiner unknown key", refiner({ startStep: 10 }), refiner({ startStep: 10, endStep: 20 }), one("unknownParameter", "refiner.endStep")],
];

const A = "acceleratorOptions";
// biome-ignore format: one row per case reads as a table
const acceleratorRows: Row[] = [
  ["teaCache is boolean", acc({ teaCache: true }), acc({ teaCache: "on" }), one("invalidAcceleratorOptionsTeaCache", `${A}.teaCache`)],
  ["teaCacheDistance min 0", acc({ teaCacheDistance: 0 }), acc({ teaCacheDistance: -0.1 }), one("invalidAcceleratorOptionsTeaCacheDistance", `${A}.teaCacheDistance`)],
  ["teaCacheDistance max 1", acc({ teaCacheDistance: 1 }), acc({ teaCacheDistance: 1.1 }), one("invalidAcceleratorOptionsTeaCacheDistance", `${A}.teaCacheDistance`)],
  ["fbCache is boolean", acc({ fbCache: false }), acc({ fbCache: 0 }), one("invalidAcceleratorOptionsFbCache", `${A}.fbCache`)],
  ["fbCacheThreshold min 0", acc({ fbCacheThreshold: 0 }), acc({ fbCacheThreshold: -0.01 }), one("invalidAcceleratorOptionsFbCacheThreshold", `${A}.fbCacheThreshold`)],
  ["fbCacheThreshold max 1", acc({ fbCacheThreshold: 1 }), acc({ fbCacheThreshold: 1.01 }), one("invalidAcceleratorOptionsFbCacheThreshold", `${A}.fbCacheThreshold`)],
  ["deepCache is boolean", acc({ deepCache: true }), acc({ deepCache: null }), one("invalidAcceleratorOptionsDeepCache", `${A}.deepCache`)],
  ["deepCacheInterval min 1", acc({ deepCacheInterval: 1 }), acc({ deepCacheInterval: 0 }), one("invalidAcceleratorOptionsDeepCacheInterval", `${A}.deepCacheInterval`)],
  ["deepCacheBranchId min 0", acc({ deepCacheBranchId: 0 }), acc({ deepCacheBranchId: -1 }), one("invalidAcceleratorOptionsDeepCacheBranchId", `${A}.deepCacheBranchId`)],
  ["cacheStartStep min 0", acc({ cacheStartStep: 0 }), acc({ cacheStartStep: -1 }), one("invalidAcceleratorOptionsCacheStartStep", `${A}.cacheStartStep`)],
  ["cacheStartStep <= steps", acc({ cacheStartStep: 30 }, { steps: 30 }), acc({ cacheStartStep: 31 }, { steps: 30 }), one("invalidAcceleratorOptionsCacheStartStep", `${A}.cacheStartStep`)],
  ["cacheStartStep <= default steps (20)", acc({ cacheStartStep: 20 }), acc({ cacheStartStep: 21 }), one("invalidAcceleratorOptionsCacheStartStep", `${A}.cacheStartStep`)],
  ["cacheStartStepPercentage min 0", acc({ cacheStartStepPercentage: 0 }), acc({ cacheStartStepPercentage: -1 }), one("invalidAcceleratorOptionsCacheStartStepPercentage", `${A}.cacheStartStepPercentage`)],
  ["cacheStartStepPercentage max 99", acc({ cacheStartStepPercentage: 99 }), acc({ cacheStartStepPercentage: 100 }), one("invalidAcceleratorOptionsCacheStartStepPercentage", `${A}.cacheStartStepPercentage`)],
  ["cacheEndStep min 1", acc({ cacheEndStep: 1 }), acc({ cacheEndStep: 0 }), one("invalidAcceleratorOptionsCacheEndStep", `${A}.cacheEndStep`)],
  ["cacheEndStep >= cacheStartStep + 1", acc({ cacheStartStep: 5, cacheEndStep: 6 }), acc({ cacheStartStep: 5, cacheEndStep: 5 }), one("invalidAcceleratorOptionsCacheEndStep", `${A}.cacheEndStep`)],
  ["cacheEndStep <= steps", acc({ cacheStartStep: 5, cacheEndStep: 25 }, { steps: 25 }), acc({ cacheStartStep: 5, cacheEndStep: 26 }, { steps: 25 }), one("invalidAcceleratorOptionsCacheEndStep", `${A}.cacheEndStep`)],
  ["cacheEndStep: a preset picks steps", acc({ cacheEndStep: 60 }, { acceleration: "medium" }), acc({ cacheEndStep: 60 }), one("invalidAcceleratorOptionsCacheEndStep", `${A}.cacheEndStep`)],
  ["cacheEndStepPercentage min 1", acc({ cacheEndStepPercentage: 1 }), acc({ cacheEndStepPercentage: 0 }), one("invalidAcceleratorOptionsCacheEndStepPercentage", `${A}.cacheEndStepPercentage`)],
  ["cacheEndStepPercentage max 100", acc({ cacheEndStepPercentage: 100 }), acc({ cacheEndStepPercentage: 101 }), one("invalidAcceleratorOptionsCacheEndStepPercentage", `${A}.cacheEndStepPercentage`)],
  ["cacheEndStepPercentage > cacheStartStepPercentage", acc({ cacheStartStepPercentage: 50, cacheEndStepPercentage: 51 }), acc({ cacheStartStepPercentage: 50, cacheEndStepPercentage: 50 }), one("invalidAcceleratorOptionsCacheEndStepPercentage", `${A}.cacheEndStepPercentage`)],
  ["cacheMaxConsecutiveSteps min 1", acc({ cacheMaxConsecutiveSteps: 1 }), acc({ cacheMaxConsecutiveSteps: 0 }), one("invalidAcceleratorOptionsCacheMaxConsecutiveSteps", `${A}.cacheMaxConsecutiveSteps`)],
  ["cacheMaxConsecutiveSteps max 5", acc({ cacheMaxConsecutiveSteps: 5 }), acc({ cacheMaxConsecutiveSteps: 6 }), one("invalidAcceleratorOptionsCacheMaxConsecutiveSteps", `${A}.cacheMaxConsecutiveSteps`)],
  ["cacheStartStep XOR cacheStartStepPercentage", acc({ cacheStartStepPercentage: 10 }), acc({ cacheStartStep: 2, cacheStartStepPercentage: 10 }), one("conflictCacheStartStepCacheStartStepPercentage", `${A}.cacheStartStepPercentage`)],
  ["cacheEndStep XOR cacheEndStepPercentage", acc({ cacheEndStep: 15 }), acc({ cacheEndStep: 15, cacheEndStepPercentage: 80 }), one("conflictCacheEndStepCacheEndStepPercentage", `${A}.cacheEndStepPercentage`)],
  ["mixed forms are allowed", acc({ cacheStartStep: 2, cacheEndStepPercentage: 80 }), acc({ cacheStartStep: 2, cacheStartStepPercentage: 5, cacheEndStepPercentage: 80 }), one("conflictCacheStartStepCacheStartStepPercentage", `${A}.cacheStartStepPercentage`)],
  ["unknown key", acc({ teaCache: true }), acc({ teaCach: true }), one("unknownParameter", `${A}.teaCach`)],
];

// biome-ignore format: one row per case reads as a table
const identityRows: Row[] = [
  ["puLID inputImages is required", pulid({}), withPatch({ puLID: { idWeight: 1 } }), one("missingPuLIDInputImages", "puLID.inputImages")],
  ["puLID inputImages exactly 1 (min)", pulid({ inputImages: [PNG_1PX_DATA_URI] }), pulid({ inputImages: [] }), one("invalidPuLIDInputImages", "puLID.inputImages")],
  ["puLID inputImages exactly 1 (max)", pulid({ inputImages: [PNG_1PX_BASE64] }), pulid({ inputImages: [UUID, UUID] }), one("invalidPuLIDInputImages", "puLID.inputImages")],
  ["puLID inputImages items are image inputs", pulid({ inputImages: ["https://example.com/face.jpg"] }), pulid({ inputImages: ["face"] }), one("invalidPuLIDInputImages", "puLID.inputImages.0")],
  ["puLID idWeight min 0", pulid({ idWeight: 0 }), pulid({ idWeight: -1 }), one("invalidPuLIDIdWeight", "puLID.idWeight")],
  ["puLID idWeight max 3", pulid({ idWeight: 3 }), pulid({ idWeight: 4 }), one("invalidPuLIDIdWeight", "puLID.idWeight")],
  ["puLID idWeight is an integer", pulid({ idWeight: 2 }), pulid({ idWeight: 1.5 }), one("invalidPuLIDIdWeight", "puLID.idWeight")],
  ["puLID trueCFGScale min 0", pulid({ trueCFGScale: 0 }), pulid({ trueCFGScale: -0.1 }), one("invalidPuLIDTrueCFGScale", "puLID.trueCFGScale")],
  ["puLID trueCFGScale max 10", pulid({ trueCFGScale: 10 }), pulid({ trueCFGScale: 10.1 }), one("invalidPuLIDTrueCFGScale", "puLID.trueCFGScale")],
  ["puLID CFGStartStep min 0", pulid({ CFGStartStep: 0 }), pulid({ CFGStartStep: -1 }), one("invalidPuLIDCFGStartStep", "puLID.CFGStartStep")],
  ["puLID CFGStartStep max 10", pulid({ CFGStartStep: 10 }), pulid({ CFGStartStep: 11 }), one("invalidPuLIDCFGStartStep", "puLID.CFGStartStep")],
  ["puLID CFGStartStepPercentage min 0", pulid({ CFGStartStepPercentage: 0 }), pulid({ CFGStartStepPercentage: -1 }), one("invalidPuLIDCFGStartStepPercentage", "puLID.CFGStartStepPercentage")],
  ["puLID CFGStartStepPercentage max 100", pulid({ CFGStartStepPercentage: 100 }), pulid({ CFGStartStepPercentage: 101 }), one("invalidPuLIDCFGStartStepPercentage", "puLID.CFGStartStepPercentage")],
  ["puLID CFGStartStep XOR CFGStartStepPercentage", pulid({ CFGStartStep: 2 }), pulid({ CFGStartStep: 2, CFGStartStepPercentage: 20 }), one("conflictCFGStartStepCFGStartStepPercentage", "puLID.CFGStartStepPercentage")],
  ["puLID unknown key", pulid({ idWeight: 1 }), pulid({ inputImage: UUID }), one("unknownParameter", "puLID.inputImage")],
  ["acePlusPlus type portrait", ace({ type: "portrait" }), ace({ type: "face" }), one("invalidAcePlusPlusType", "acePlusPlus.type")],
  ["acePlusPlus type subject", ace({ type: "subject" }), ace({ type: "Subject" }), one("invalidAcePlusPlusType", "acePlusPlus.type")],
  ["acePlusPlus type local_editing", ace({ type: "local_editing", inputImages: [UUID], inputMasks: [UUID] }), ace({ type: "local-editing" }), one("invalidAcePlusPlusType", "acePlusPlus.type")],
  ["acePlusPlus repaintingScale min 0", ace({ repaintingScale: 0 }), ace({ repaintingScale: -0.1 }), one("invalidAcePlusPlusRepaintingScale", "acePlusPlus.repaintingScale")],
  ["acePlusPlus repaintingScale max 1", ace({ repaintingScale: 1 }), ace({ repaintingScale: 1.1 }), one("invalidAcePlusPlusRepaintingScale", "acePlusPlus.repaintingScale")],
  ["acePlusPlus inputImages max 1", ace({ inputImages: [UUID] }), ace({ inputImages: [UUID, UUID] }), one("invalidAcePlusPlusInputImages", "acePlusPlus.inputImages")],
  ["acePlusPlus inputMasks max 1", ace({ inputMasks: [UUID] }), ace({ inputMasks: [UUID, UUID] }), one("invalidAcePlusPlusInputMasks", "acePlusPlus.inputMasks")],
  ["acePlusPlus unknown key", ace({}), ace({ strength: 0.5 }), one("unknownParameter", "acePlusPlus.strength")],
];

// biome-ignore format: one row per case reads as a table
const objectRows: Row[] = [
  ["advancedFeatures.layerDiffuse is boolean", withPatch({ outputFormat: "PNG", advancedFeatures: { layerDiffuse: true } }), withPatch({ advancedFeatures: { layerDiffuse: "yes" } }), one("invalidAdvancedFeaturesLayerDiffuse", "advancedFeatures.layerDiffuse")],
  ["advancedFeatures.hiresfix is boolean", withPatch({ advancedFeatures: { hiresfix: true } }), withPatch({ advancedFeatures: { hiresfix: 1 } }), one("invalidAdvancedFeaturesHiresfix", "advancedFeatures.hiresfix")],
  ["advancedFeatures unknown key", withPatch({ advancedFeatures: {} }), withPatch({ advancedFeatures: { hiresFix: true } }), one("unknownParameter", "advancedFeatures.hiresFix")],
  ["outpaint.top min 0", outpaint({ top: 64, bottom: 0 }), outpaint({ top: -64 }), one("invalidOutpaintTop", "outpaint.top")],
  ["outpaint.top multiple of 64", outpaint({ top: 128 }), outpaint({ top: 100 }), one("invalidOutpaintTop", "outpaint.top")],
  ["outpaint.right multiple of 64", outpaint({ right: 192 }), outpaint({ right: 32 }), one("invalidOutpaintRight", "outpaint.right")],
  ["outpaint.bottom multiple of 64", outpaint({ bottom: 256 }), outpaint({ bottom: 65 }), one("invalidOutpaintBottom", "outpaint.bottom")],
  ["outpaint.left multiple of 64", outpaint({ left: 64 }), outpaint({ left: 63.5 }), one("invalidOutpaintLeft", "outpaint.left")],
  ["outpaint.blur min 0", outpaint({ top: 64, blur: 0 }), outpaint({ top: 64, blur: -1 }), one("invalidOutpaintBlur", "outpaint.blur")],
  ["outpaint.blur max 32", outpaint({ top: 64, blur: 32 }), outpaint({ top: 64, blur: 33 }), one("invalidOutpaintBlur", "outpaint.blur")],
  ["outpaint extends at least one side", outpaint({ right: 64, left: 0 }), outpaint({ top: 0, right: 0, bottom: 0, left: 0 }), one("invalidOutpaint", "outpaint")],
  ["outpaint: blur alone extends nothing", outpaint({ bottom: 64, blur: 8 }), outpaint({ blur: 8 }), one("invalidOutpaint", "outpaint")],
  ["outpaint unknown key", outpaint({ top: 64 }), outpaint({ top: 64, feather: 4 }), one("unknownParameter", "outpaint.feather")],
  ["safety unknown key", withPatch({ safety: {} }), withPatch({ safety: { checkContents: true } }), one("unknownParameter", "safety.checkContents")],
];

describe.each([
  ["controlNet", controlNetRows],
  ["lora, embeddings, ipAdapters, refiner", adapterRows],
  ["acceleratorOptions", acceleratorRows],
  ["puLID and acePlusPlus", identityRows],
  ["advancedFeatures, outpaint, safety", objectRows],
])("imageInference %s", (_group, rows) => {
  it.each(rows)("%s", (_what, passing, failing, expected) => {
    expect(errorsOf(passing)).toEqual([]);
    expect(errorsOf(failing)).toEqual(expected);
  });
});

describe("feature defaults", () => {
  it("fills weights, idWeight, blur, flags and ACE++ defaults; leaves acceleratorOptions alone", () => {
    const out = parseTask(
      withPatch({
        seedImage: UUID,
        model: ACE_PLUS_PLUS_MODEL,
        referenceImages: [UUID],
        acePlusPlus: {},
        outpaint: { top: 64 },
        advancedFeatures: {},
        safety: {},
        lora: [{ model: AIR }],
        embeddings: [{ model: AIR }],
        ipAdapters: [{ model: "runware:55@1", guideImage: UUID }],
        controlNet: [{ model: AIR, guideImage: UUID }],
        puLID: { inputImages: [UUID] },
        acceleratorOptions: { teaCache: true },
      }),
    );
    if (!out.ok) throw new Error(JSON.stringify(out.errors));
    expect(out.task).toMatchObject({
      acePlusPlus: { type: "portrait", repaintingScale: 0 },
      outpaint: { top: 64, blur: 0 },
      advancedFeatures: { layerDiffuse: false, hiresfix: false },
      safety: { checkContent: false },
      lora: [{ weight: 1 }],
      embeddings: [{ weight: 1 }],
      ipAdapters: [{ weight: 1 }],
      controlNet: [{ weight: 1 }],
      puLID: { idWeight: 1 },
      acceleratorOptions: { teaCache: true },
    });
    expect((out.task as { acceleratorOptions?: object }).acceleratorOptions).toEqual({ teaCache: true });
  });
});

describe("feature schemas on their own (for forms)", () => {
  it("validates a controlNet item without a task", () => {
    expect(
      controlNetItemSchema.safeParse({ model: AIR, guideImage: UUID, startStep: 4, endStep: 2 }).success,
    ).toBe(false);
    expect(
      controlNetItemSchema.safeParse({ model: AIR, guideImage: UUID, startStep: 2, endStep: 4 }).success,
    ).toBe(true);
  });

  it("validates an outpaint object without a task", () => {
    expect(outpaintSchema.safeParse({}).success).toBe(false);
    expect(outpaintSchema.parse({ left: 256, right: 256 })).toEqual({ left: 256, right: 256, blur: 0 });
  });
});
