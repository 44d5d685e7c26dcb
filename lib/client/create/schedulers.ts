/**
 * Schedulers the service accepts, by the names it takes (the public reference's list) and the
 * words people know them by. The contract's `scheduler` is free text, since providers add their
 * own, so the field also keeps a name of its own.
 */
export const SCHEDULERS: readonly { value: string; label: string }[] = [
  { value: "FlowMatchEulerDiscreteScheduler", label: "Flow-match Euler (FLUX)" },
  { value: "EulerDiscreteScheduler", label: "Euler" },
  { value: "EulerAncestralDiscreteScheduler", label: "Euler Ancestral" },
  { value: "Euler a", label: "Euler a (A1111)" },
  { value: "HeunDiscreteScheduler", label: "Heun" },
  { value: "DPM++ 2M Karras", label: "DPM++ 2M Karras" },
  { value: "DPM++ 2M SDE Karras", label: "DPM++ 2M SDE Karras" },
  { value: "DPMSolverMultistepScheduler", label: "DPM-Solver multistep" },
  { value: "DPMSolverSinglestepScheduler", label: "DPM-Solver single-step" },
  { value: "EDMDPMSolverMultistepScheduler", label: "EDM DPM-Solver multistep" },
  { value: "KDPM2DiscreteScheduler", label: "KDPM2" },
  { value: "KDPM2AncestralDiscreteScheduler", label: "KDPM2 Ancestral" },
  { value: "UniPCMultistepScheduler", label: "UniPC multistep" },
  { value: "DEISMultistepScheduler", label: "DEIS multistep" },
  { value: "DDIMScheduler", label: "DDIM" },
  { value: "DDPMScheduler", label: "DDPM" },
  { value: "PNDMScheduler", label: "PNDM" },
  { value: "LMSDiscreteScheduler", label: "LMS" },
  { value: "LCMScheduler", label: "LCM" },
  { value: "TCDScheduler", label: "TCD" },
];

/** Whether the list offers this name (an empty value is the model's own scheduler). */
export function isListedScheduler(value: string): boolean {
  return value === "" || SCHEDULERS.some((s) => s.value === value);
}

/** A scheduler's words, or its name as given when the list does not know it. */
export function schedulerLabel(value: string): string {
  return SCHEDULERS.find((s) => s.value === value)?.label ?? value;
}
