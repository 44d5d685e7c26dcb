import { notFound, redirect } from "next/navigation";
import { isRecallPart, recallHref } from "@/lib/client/create/recall-links";
import { pageServices, requirePageUser } from "@/lib/server/api/page-session";
import { getTask } from "@/lib/server/db";

/**
 * `/create/recall?task=<taskUUID>&use=all|seed|prompt|size[&seed=]`: opens a recorded task in the
 * workflow that made it (the gallery links here, knowing the task but not its workflow).
 */
export default async function RecallPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser();
  const query = await searchParams;
  const taskUUID = typeof query.task === "string" ? query.task : "";
  const use = typeof query.use === "string" && isRecallPart(query.use) ? query.use : "all";
  const seed = typeof query.seed === "string" ? query.seed : null;
  const { db } = await pageServices();
  const task = taskUUID ? await getTask(db, taskUUID).catch(() => null) : null;
  if (!task) notFound();
  redirect(recallHref({ taskUUID: task.taskUUID, params: task.params }, use, seed));
}
