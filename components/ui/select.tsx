import type { ComponentProps } from "react";
import { cn } from "./cn";
import { inputClasses } from "./field";

/** A native select in the studio's input style (native keeps keyboard and screen readers right). */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(inputClasses, "h-9 w-auto pr-8 text-[13px]", className)} {...props} />;
}
