import type { Metadata } from "next";
import { CompareView } from "@/components/compare/compare-view";

export const metadata: Metadata = { title: "Compare" };

type Props = { searchParams: Promise<{ ids?: string | string[] }> };

/** Two to four items side by side, by URL: `compareUrl(ids)` in lib/studio/gallery-urls.ts. */
export default async function ComparePage({ searchParams }: Props) {
  const { ids } = await searchParams;
  return <CompareView idsParam={Array.isArray(ids) ? ids.join(",") : (ids ?? "")} />;
}
