import type { Metadata } from "next";
import { ApprovalPage } from "@/components/approvals/approval-page";

export const metadata: Metadata = { title: "Review request" };

export default async function ApprovalRequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ApprovalPage id={id} />;
}
