// Resolve hook for the processes Node runs directly (server.ts, the engine CLI, benchmarks):
// `server-only` guards modules against client bundles and throws outside React Server
// Components, but these processes are the server, so it resolves to an empty module here.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") {
    return { url: "data:text/javascript,export{}", shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
