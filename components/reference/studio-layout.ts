/**
 * Swagger UI's page inside the studio's: its own layout ("BaseLayout") wraps the operations in a
 * `<main>`, a second main landmark inside the studio's. This layout draws the same parts (errors,
 * filter, operations, schemas) with a plain `<div>`, and leaves out the info, server and
 * authorization blocks the reference page hides anyway. Swagger UI renders it with its own React,
 * handed over in `system.React`.
 */

type Element = unknown;
interface SwaggerReact {
  createElement(type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]): Element;
}
interface LayoutProps {
  getComponent(name: string, container?: boolean): unknown;
  specSelectors: { loadingStatus(): string | undefined };
}

export const STUDIO_LAYOUT = "StudioLayout";

/** Swagger UI's own React, given by the plugin when Swagger UI starts. */
let swaggerReact: SwaggerReact | null = null;

function StudioLayout({ getComponent, specSelectors }: LayoutProps): Element {
  if (!swaggerReact) return null;
  const h = swaggerReact.createElement;
  const Errors = getComponent("errors", true);
  const Filter = getComponent("FilterContainer", true);
  const Operations = getComponent("operations", true);
  const Models = getComponent("Models", true);
  const SvgAssets = getComponent("SvgAssets");
  const status = specSelectors.loadingStatus();
  if (status === "failed" || status === "failedConfig") {
    return h("div", { className: "swagger-ui" }, h(Errors, null));
  }
  return h(
    "div",
    { className: "swagger-ui" },
    h(SvgAssets, null),
    h(Errors, null),
    h(Filter, null),
    h("div", { id: "operations", className: "wrapper" }, h(Operations, null), h(Models, null)),
  );
}

/** The plugin that gives Swagger UI the layout above, to be named in its `layout` option. */
export function studioLayoutPlugin(system: { React: SwaggerReact }) {
  swaggerReact = system.React;
  return { components: { [STUDIO_LAYOUT]: StudioLayout } };
}
