import type { Metadata } from "next";
import { CompareView } from "@/components/compare/compare-view";
import { requirePageUser } from "@/lib/server/api/page-session";
import { can } from "@/lib/studio/roles";

export const metadata: Metadata = { title: "Compare" };

type Props = { searchParams: Promise<{ ids?: string | string[] }> };

/** Two to four items side by side, by URL: `compareUrl(ids)` in lib/studio/api/gallery-urls.ts. */
export default async function ComparePage({ searchParams }: Props) {
  const user = await requirePageUser();
  const { ids } = await searchParams;
  return (
    <CompareView
      idsParam={Array.isArray(ids) ? ids.join(",") : (ids ?? "")}
      canVote={can(user.role, "generate")}
    />
  );
}
