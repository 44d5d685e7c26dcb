import type { ReactNode } from "react";
import { BrandMark } from "@/components/shell/brand-mark";

/** The frame of the account pages: the product's mark, a heading and one focused card. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4 py-12">
      <div className="w-full max-w-[25rem]">
        <div className="mb-7 flex flex-col items-center text-center">
          <BrandMark />
          <h1 className="mt-5 font-semibold text-2xl text-foreground tracking-tight">{title}</h1>
          {description ? (
            <p className="mt-2 text-pretty text-[15px] text-muted leading-relaxed">{description}</p>
          ) : null}
        </div>
        <div className="rounded-panel border border-border bg-panel p-6 shadow-panel">{children}</div>
      </div>
    </main>
  );
}
