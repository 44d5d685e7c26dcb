import { requireUser } from "@/lib/server/auth/guard";
import { experimentCsv, experimentJson } from "@/lib/server/experiments/export";
import { gridImage } from "@/lib/server/experiments/grid-image";
import { errorsResponse, experimentIdParam } from "@/lib/server/experiments/http";
import { experimentView } from "@/lib/server/experiments/view";
import { handled } from "@/lib/server/http/handle";
import { requestOrigin } from "@/lib/server/http/origin";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

const FORMATS = ["csv", "json", "png"] as const;

/**
 * `?format=csv|json|png` as a download. The image holds every tab of a third axis; `&layer=`
 * asks for one tab only.
 */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = experimentIdParam((await params).id);
  if (id instanceof Response) return id;
  const url = new URL(request.url);
  const format = url.searchParams.get("format") ?? "csv";
  if (!(FORMATS as readonly string[]).includes(format)) {
    return errorsResponse(400, [
      { code: "invalidFormat", message: "format is csv, json or png.", parameter: "format" },
    ]);
  }
  const layerParam = url.searchParams.get("layer");
  const layer = layerParam === null ? undefined : Number(layerParam);
  if (layer !== undefined && (!Number.isInteger(layer) || layer < 0 || layer > 49)) {
    return errorsResponse(400, [
      { code: "invalidLayer", message: "layer is a whole number from 0 to 49.", parameter: "layer" },
    ]);
  }
  const view = await experimentView(runtime.database.db, id);
  if (!view)
    return errorsResponse(404, [
      { code: "experimentNotFound", message: "There is no such experiment.", parameter: "id" },
    ]);
  const origin = runtime.gate.publicUrl ?? requestOrigin(request);
  const file = `experiment-${view.id.slice(0, 8)}-v${view.version}`;
  const disposition = (ext: string) => ({ "Content-Disposition": `attachment; filename="${file}.${ext}"` });
  if (format === "csv") {
    return new Response(experimentCsv(view, origin), {
      headers: { "Content-Type": "text/csv; charset=utf-8", ...disposition("csv") },
    });
  }
  if (format === "json") {
    return new Response(JSON.stringify(experimentJson(view, origin), null, 2), {
      headers: { "Content-Type": "application/json; charset=utf-8", ...disposition("json") },
    });
  }
  const png = await gridImage(view, runtime.storage, layer);
  return new Response(new Uint8Array(png), {
    headers: { "Content-Type": "image/png", ...disposition("png") },
  });
});
