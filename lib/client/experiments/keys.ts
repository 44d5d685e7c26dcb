import { api } from "@/lib/studio/api/addresses";
import { queryKeyOf } from "../endpoint-client";

/** Query keys of experiments: the list, and each experiment's page. */
export const experimentsKey = queryKeyOf(api.experiments.list);
export const experimentKey = (id: string) => queryKeyOf(api.experiments.get, { params: { id } });
