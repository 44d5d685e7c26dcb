import { ADDRESS_TABLE } from "./address-table";
import type { AnyEndpoint, EndpointSpec } from "./endpoint";
import type { api as declared } from "./index";

/**
 * The studio's API as the browser calls it: each endpoint's id, method, path and the resources it
 * makes stale, and nothing else. The declarations (`./index`) also hold every endpoint's schemas,
 * which the server parses with; the browser builds URLs and query keys from the same endpoints
 * but never parses an answer, and importing the declarations would load and build every schema
 * of the API (and zod itself) on every page. So pages and hooks import `api` from here.
 *
 * The table is written from the declarations by `npm run api:addresses`
 * (scripts/export-api-addresses.ts); addresses.test.ts fails when the two differ.
 */

/** What the browser reads of an endpoint's declaration. */
export type Address = Pick<EndpointSpec, "method" | "path" | "invalidates">;

type Declared = typeof declared;

/** Every endpoint's address, by resource and name, as written into the table. */
export function addressTableOf(
  resources: Readonly<Record<string, Readonly<Record<string, AnyEndpoint>>>>,
): Record<string, Record<string, Address>> {
  const table: Record<string, Record<string, Address>> = {};
  for (const [resource, endpoints] of Object.entries(resources)) {
    const addresses: Record<string, Address> = {};
    for (const [name, { spec }] of Object.entries(endpoints)) {
      addresses[name] = {
        method: spec.method,
        path: spec.path,
        ...(spec.invalidates ? { invalidates: spec.invalidates } : {}),
      };
    }
    table[resource] = addresses;
  }
  return table;
}

/**
 * The endpoints as the client uses them (id, resource, method, path, invalidates), typed as their
 * declarations so hooks infer params, bodies and answers from the schemas. Only those fields of
 * `spec` are there at run time: code that needs a schema imports the declaration itself.
 */
export const api = Object.fromEntries(
  Object.entries(ADDRESS_TABLE as Record<string, Record<string, Address>>).map(([resource, endpoints]) => [
    resource,
    Object.fromEntries(
      Object.entries(endpoints).map(([name, spec]) => [name, { id: `${resource}.${name}`, resource, spec }]),
    ),
  ]),
) as unknown as Declared;
