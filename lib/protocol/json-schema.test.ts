import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { TASK_TYPES } from "./envelope";
import { protocolJsonSchemas } from "./json-schema";

describe("JSON Schema export", () => {
  const schemas = protocolJsonSchemas();
  /** The schemas use standard formats (uuid, uri): a validator that knows them checks them. */
  const validator = () => addFormats(new Ajv2020({ strict: false }));

  it("exports every task type as a valid draft 2020-12 schema", () => {
    const ajv = validator();
    for (const t of TASK_TYPES) {
      const schema = schemas[t];
      expect(schema, t).toBeDefined();
      expect(() => ajv.compile(schema as object), t).not.toThrow();
    }
  });

  it("keeps the fixed taskType of each schema", () => {
    for (const t of TASK_TYPES) {
      const props = (schemas[t] as { properties?: Record<string, { const?: unknown }> }).properties;
      expect(props?.taskType?.const, t).toBe(t);
    }
  });

  it("a JSON Schema validator accepts a valid task and refuses an unknown property", () => {
    const ajv = validator();
    const validate = ajv.compile(schemas.getResponse as object);
    expect(validate({ taskType: "getResponse", taskUUID: "0b6c7f0e-3f8e-4d55-9c43-2b1f6f7e8a01" })).toBe(
      true,
    );
    expect(
      validate({ taskType: "getResponse", taskUUID: "0b6c7f0e-3f8e-4d55-9c43-2b1f6f7e8a01", x: 1 }),
    ).toBe(false);
    expect(validate({ taskType: "getResponse", taskUUID: "not-a-uuid" })).toBe(false);
  });
});
