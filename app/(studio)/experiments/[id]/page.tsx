import type { Metadata } from "next";
import { ExperimentPage } from "@/components/experiments/experiment-page";
import { requirePageUser } from "@/lib/server/page-session";
import { can } from "@/lib/studio/roles";

export const metadata: Metadata = { title: "Experiment" };

type Props = { params: Promise<{ id: string }> };

/** One experiment: its labelled grid filling live, its controls, exports and versions. */
export default async function Page({ params }: Props) {
  const user = await requirePageUser();
  const { id } = await params;
  return (
    <ExperimentPage
      id={id}
      canRun={can(user.role, "generate")}
      canVote={can(user.role, "review")}
      canShare={can(user.role, "organize")}
    />
  );
}
