import "server-only";
import { EDIT_ARCHITECTURE, type EditModel, editModelOf } from "@/lib/protocol/image-edit-models";
import type { ModelCategory } from "@/lib/protocol/utility-tasks";

/**
 * The engine's built-in model catalogue, answered by `modelSearch`. It includes every AIR id the
 * public examples use (runware:100@1, runware:101@1, civitai:133005@782002, runware:102@1), the
 * layerDiffuse LoRA and VAE the contract names (runware:120@2, runware:120@4) and the configured
 * video model. Generation accepts ANY well-formed AIR id, listed here or not: the renderer is
 * procedural and the catalogue exists so that pickers have something real-looking to show.
 */

export interface CatalogModel {
  air: string;
  name: string;
  version: string;
  category: ModelCategory;
  architecture: string;
  tags: string[];
  heroImage?: string;
  defaultWidth?: number;
  defaultHeight?: number;
  defaultSteps?: number;
  defaultScheduler?: string;
  defaultCFG?: number;
  positiveTriggerWords?: string;
  /** An edit model: the reference images it reads and the `resolution` tiers it renders. */
  edit?: EditModel;
}

/** An edit model's catalogue entry, its references and tiers from the shared table. */
function editEntry(air: string, version: string, steps: number, cfg: number): CatalogModel {
  const edit = editModelOf(air);
  if (!edit) throw new Error(`${air} is not in the edit model table`);
  return {
    air,
    name: edit.name,
    version,
    category: "checkpoint",
    architecture: EDIT_ARCHITECTURE,
    tags: ["edit", "kontext", "image-to-image", "reference images", ...edit.resolutions],
    defaultWidth: 1024,
    defaultHeight: 1024,
    defaultSteps: steps,
    defaultScheduler: "FlowMatchEulerDiscreteScheduler",
    defaultCFG: cfg,
    edit,
  };
}

const CHECKPOINTS: CatalogModel[] = [
  {
    air: "runware:100@1",
    name: "FLUX.1 [schnell]",
    version: "1.0",
    category: "checkpoint",
    architecture: "flux1s",
    tags: ["fast", "4-step", "general", "text-to-image"],
    defaultWidth: 1024,
    defaultHeight: 1024,
    defaultSteps: 4,
    defaultScheduler: "FlowMatchEulerDiscreteScheduler",
    defaultCFG: 1,
  },
  {
    air: "runware:101@1",
    name: "FLUX.1 [dev]",
    version: "1.0",
    category: "checkpoint",
    architecture: "flux1d",
    tags: ["general", "photorealistic", "text-to-image"],
    defaultWidth: 1024,
    defaultHeight: 1024,
    defaultSteps: 28,
    defaultScheduler: "FlowMatchEulerDiscreteScheduler",
    defaultCFG: 3.5,
  },
  {
    air: "runware:102@1",
    name: "FLUX.1 Fill [dev]",
    version: "1.0",
    category: "checkpoint",
    architecture: "flux1d",
    tags: ["fill", "inpainting", "outpainting", "ace++"],
    defaultWidth: 1024,
    defaultHeight: 1024,
    defaultSteps: 28,
    defaultScheduler: "FlowMatchEulerDiscreteScheduler",
    defaultCFG: 30,
  },
  editEntry("runware:106@1", "1.0", 28, 2.5),
  editEntry("bfl:3@1", "pro", 28, 2.5),
  {
    air: "civitai:133005@782002",
    name: "Juggernaut XL",
    version: "XI",
    category: "checkpoint",
    architecture: "sdxl",
    tags: ["photorealistic", "portrait", "cinematic", "sdxl"],
    defaultWidth: 1024,
    defaultHeight: 1024,
    defaultSteps: 30,
    defaultScheduler: "DPM++ 2M Karras",
    defaultCFG: 6,
  },
  {
    air: "civitai:4384@128713",
    name: "DreamShaper",
    version: "8",
    category: "checkpoint",
    architecture: "sd1x",
    tags: ["illustration", "fantasy", "general"],
    defaultWidth: 512,
    defaultHeight: 768,
    defaultSteps: 25,
    defaultScheduler: "Euler a",
    defaultCFG: 7,
  },
  {
    air: "civitai:101055@128078",
    name: "Stable Diffusion XL Base",
    version: "1.0",
    category: "checkpoint",
    architecture: "sdxl",
    tags: ["base", "general", "sdxl"],
    defaultWidth: 1024,
    defaultHeight: 1024,
    defaultSteps: 30,
    defaultScheduler: "Euler",
    defaultCFG: 7,
  },
  {
    air: "civitai:101055@128080",
    name: "Stable Diffusion XL Refiner",
    version: "1.0",
    category: "checkpoint",
    architecture: "sdxl",
    tags: ["refiner", "sdxl"],
    defaultWidth: 1024,
    defaultHeight: 1024,
    defaultSteps: 20,
  },
];

const LORAS: CatalogModel[] = [
  {
    air: "runware:120@2",
    name: "LayerDiffuse Transparent",
    version: "2",
    category: "lora",
    architecture: "flux1d",
    tags: ["transparency", "layerDiffuse"],
  },
  {
    air: "civitai:58390@62833",
    name: "Detail Tweaker",
    version: "1.0",
    category: "lora",
    architecture: "sd1x",
    tags: ["detail", "utility"],
  },
  {
    air: "civitai:122359@135867",
    name: "Detail Tweaker XL",
    version: "1.0",
    category: "lora",
    architecture: "sdxl",
    tags: ["detail", "utility", "sdxl"],
  },
  {
    air: "civitai:652699@993999",
    name: "Watercolor Style",
    version: "1.0",
    category: "lora",
    architecture: "flux1d",
    tags: ["style", "watercolor", "painting"],
    positiveTriggerWords: "watercolor painting",
  },
  {
    air: "civitai:631986@706528",
    name: "Retro Anime",
    version: "1.0",
    category: "lora",
    architecture: "flux1d",
    tags: ["style", "anime", "retro"],
    positiveTriggerWords: "retro anime style",
  },
];

const CONTROLNETS: CatalogModel[] = [
  {
    air: "runware:25@1",
    name: "ControlNet Canny (FLUX)",
    version: "1.0",
    category: "controlnet",
    architecture: "flux1d",
    tags: ["canny", "edges"],
  },
  {
    air: "runware:27@1",
    name: "ControlNet Depth (FLUX)",
    version: "1.0",
    category: "controlnet",
    architecture: "flux1d",
    tags: ["depth"],
  },
  {
    air: "civitai:136070@267507",
    name: "ControlNet Canny (SDXL)",
    version: "1.0",
    category: "controlnet",
    architecture: "sdxl",
    tags: ["canny", "edges", "sdxl"],
  },
  {
    air: "civitai:38784@44876",
    name: "ControlNet OpenPose (SD 1.5)",
    version: "1.1",
    category: "controlnet",
    architecture: "sd1x",
    tags: ["openpose", "pose"],
  },
];

const VAES: CatalogModel[] = [
  {
    air: "runware:120@4",
    name: "LayerDiffuse VAE",
    version: "4",
    category: "vae",
    architecture: "flux1d",
    tags: ["transparency", "layerDiffuse"],
  },
  {
    air: "civitai:296576@333245",
    name: "SDXL VAE",
    version: "1.0",
    category: "vae",
    architecture: "sdxl",
    tags: ["vae", "sdxl"],
  },
  {
    air: "civitai:276082@311162",
    name: "vae-ft-mse-840000",
    version: "1.0",
    category: "vae",
    architecture: "sd1x",
    tags: ["vae"],
  },
];

const EMBEDDINGS: CatalogModel[] = [
  {
    air: "civitai:7808@9208",
    name: "EasyNegative",
    version: "1.0",
    category: "embeddings",
    architecture: "sd1x",
    tags: ["negative", "quality"],
    positiveTriggerWords: "easynegative",
  },
  {
    air: "civitai:4629@5637",
    name: "Deep Negative",
    version: "2",
    category: "embeddings",
    architecture: "sd1x",
    tags: ["negative", "anatomy"],
    positiveTriggerWords: "ng_deepnegative_v1_75t",
  },
];

/** The catalogue, with the configured video model first among the checkpoints. */
export function buildCatalog(videoModel: string): CatalogModel[] {
  const at = videoModel.lastIndexOf("@");
  const video: CatalogModel = {
    air: videoModel,
    name: "Video model (text, image, video and audio to video)",
    version: at === -1 ? "1.0" : videoModel.slice(at + 1),
    category: "checkpoint",
    architecture: "video",
    tags: ["video", "text-to-video", "image-to-video", "audio"],
    defaultWidth: 1920,
    defaultHeight: 1080,
  };
  return [video, ...CHECKPOINTS, ...LORAS, ...CONTROLNETS, ...VAES, ...EMBEDDINGS];
}
