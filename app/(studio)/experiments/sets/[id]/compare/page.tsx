import type { Metadata } from "next";
import { RegressionView } from "@/components/eval-sets/regression-view";
import { requirePageUser } from "@/lib/server/api/page-session";

export const metadata: Metadata = { title: "Compare with baseline" };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ run?: string | string[]; baseline?: string | string[] }>;
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

/** A run of an evaluation set against a baseline, case by case. */
export default async function Page({ params, searchParams }: Props) {
  await requirePageUser();
  const { id } = await params;
  const query = await searchParams;
  return <RegressionView setId={id} run={one(query.run) ?? ""} baseline={one(query.baseline)} />;
}
