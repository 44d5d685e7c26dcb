import type { LucideIcon, LucideProps } from "lucide-react";
import { Brush, Clapperboard, Expand, Images, Layers, Sparkles, Spline } from "lucide-react";
import type { WorkflowIconName } from "@/lib/client/create/workflows";

const icons: Record<WorkflowIconName, LucideIcon> = {
  sparkles: Sparkles,
  images: Images,
  brush: Brush,
  expand: Expand,
  spline: Spline,
  clapperboard: Clapperboard,
  layers: Layers,
};

export function WorkflowIcon({ name, ...props }: LucideProps & { name: WorkflowIconName }) {
  const Icon = icons[name];
  return <Icon aria-hidden strokeWidth={1.75} {...props} />;
}
