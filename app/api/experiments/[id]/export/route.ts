import { route } from "@/lib/server/api/route";
import { experimentCsv, experimentJson } from "@/lib/server/experiments/export";
import { gridImage } from "@/lib/server/experiments/grid-image";
import { experimentView } from "@/lib/server/experiments/view";
import { requestOrigin } from "@/lib/server/http/origin";
import { refuseWhileVoting } from "@/lib/server/votes/blinded";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";

export const GET = route(
  api.experiments.export,
  async ({ runtime, params, query, request, user, db, storage }) => {
    await refuseWhileVoting(db, user.id, { experimentId: params.id });
    const view = await experimentView(db, params.id);
    if (!view) throw studioErrors.experimentNotFound();
    const origin = runtime.gate.publicUrl ?? requestOrigin(request);
    const file = `experiment-${view.id.slice(0, 8)}-v${view.version}`;
    const disposition = (ext: string) => ({ "Content-Disposition": `attachment; filename="${file}.${ext}"` });
    if (query.format === "csv") {
      return new Response(experimentCsv(view, origin), {
        headers: { "Content-Type": "text/csv; charset=utf-8", ...disposition("csv") },
      });
    }
    if (query.format === "json") {
      return new Response(JSON.stringify(experimentJson(view, origin), null, 2), {
        headers: { "Content-Type": "application/json; charset=utf-8", ...disposition("json") },
      });
    }
    const png = await gridImage(view, storage, query.layer);
    return new Response(new Uint8Array(png), {
      headers: { "Content-Type": "image/png", ...disposition("png") },
    });
  },
);
