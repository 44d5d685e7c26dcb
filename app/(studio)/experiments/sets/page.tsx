import { History } from "lucide-react";
import type { Metadata } from "next";
import { EvalSetList } from "@/components/eval-sets/eval-set-list";
import { NewSetDialog } from "@/components/eval-sets/new-set-dialog";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/server/api/page-session";
import { can } from "@/lib/studio/roles";

export const metadata: Metadata = { title: "Evaluation sets" };

export default async function EvalSetsPage() {
  const user = await requirePageUser();
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Experiments"
        title="Evaluation sets"
        description="Saved lists of prompts and seeds. Run one against a new model or setting and read it side by side with any earlier run, with the ratings each result received."
        actions={
          <>
            <ButtonLink href="/prompts" variant="ghost">
              <History aria-hidden /> Prompt history
            </ButtonLink>
            {can(user.role, "generate") ? <NewSetDialog /> : null}
          </>
        }
      />
      <EvalSetList />
    </div>
  );
}
