import type { Metadata } from "next";
import { ApprovalsList } from "@/components/approvals/approvals-list";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<{ show?: string }> }) {
  const { show } = await searchParams;
  const initial = show === "requested" || show === "all" ? show : "toDecide";
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Review"
        title="Approvals"
        description="Review requests in stages: what waits for your decision, and what you asked others to approve."
      />
      <ApprovalsList initial={initial} />
    </div>
  );
}
