import type { Metadata } from "next";
import { ApprovalsList } from "@/components/approvals/approvals-list";
import { DigestSettingBar } from "@/components/approvals/digest-setting";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/server/api/page-session";
import { can } from "@/lib/studio/roles";

export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<{ show?: string }> }) {
  const user = await requirePageUser();
  const { show } = await searchParams;
  const initial = show === "requested" || show === "all" ? show : "toDecide";
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Review"
        title="Approvals"
        description="Review requests in stages: what waits for your decision, and what you asked others to approve."
      />
      <div className="flex flex-col gap-4">
        <DigestSettingBar canManage={can(user.role, "manage")} />
        <ApprovalsList initial={initial} />
      </div>
    </div>
  );
}
