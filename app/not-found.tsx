import { ArrowLeft, Compass } from "lucide-react";
import type { Metadata } from "next";
import { BrandMark } from "@/components/shell/brand-mark";
import { ButtonLink } from "@/components/ui/button";
import { focusRing } from "@/components/ui/cn";
import Link from "@/components/ui/link";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-14 items-center border-border border-b px-4">
        <Link href="/" className={`-mx-1 flex items-center gap-2.5 rounded-control px-1 py-1 ${focusRing}`}>
          <BrandMark />
          <span className="font-semibold text-[15px] text-foreground tracking-tight">Media Studio</span>
        </Link>
      </header>
      <main className="relative grid flex-1 place-items-center px-6 py-16">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(ellipse_at_top,rgb(139_124_255/0.12),transparent_60%)]"
        />
        <div className="relative flex max-w-md flex-col items-center text-center">
          <div className="grid size-14 place-items-center rounded-2xl border border-border-strong bg-panel-raised text-muted shadow-panel">
            <Compass aria-hidden className="size-6" strokeWidth={1.75} />
          </div>
          <p className="mt-6 font-medium font-mono text-accent-fg text-xs tracking-[0.2em]">404</p>
          <h1 className="mt-2 font-semibold text-2xl text-foreground tracking-tight">
            This page doesn’t exist
          </h1>
          <p className="mt-2.5 text-pretty text-muted text-sm leading-relaxed">
            The address may be mistyped, or the page has moved. Head back to the studio and carry on from
            there.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-2.5">
            <ButtonLink href="/" variant="secondary">
              <ArrowLeft aria-hidden />
              Back to home
            </ButtonLink>
            <ButtonLink href="/create" variant="primary">
              Choose a workflow
            </ButtonLink>
          </div>
        </div>
      </main>
    </div>
  );
}
