import type { Metadata } from "next";
import { EvalSetPage } from "@/components/eval-sets/eval-set-page";
import { requirePageUser } from "@/lib/server/api/page-session";
import { can } from "@/lib/studio/roles";

export const metadata: Metadata = { title: "Evaluation set" };

type Props = { params: Promise<{ id: string }> };

/** One evaluation set: its cases, its runs, and runs side by side with their ratings and votes. */
export default async function Page({ params }: Props) {
  const user = await requirePageUser();
  const { id } = await params;
  return (
    <EvalSetPage
      id={id}
      canRun={can(user.role, "generate")}
      canVote={can(user.role, "review")}
      canShare={can(user.role, "organize")}
    />
  );
}
