import { z } from "zod";
import { oneLineText } from "./person-text";

export const createEngineKeySchema = z.object({
  description: oneLineText()
    .trim()
    .min(1, "Describe what the key is for, such as 'CI' or 'Ada's laptop'.")
    .max(200, "Keep the description under 200 characters."),
});
