import "server-only";

// The studio's records: open the database, then read and write through these functions.
export * from "./database";
export * from "./inline-media";
export * from "./item-records";
export * from "./lease-records";
export { outerColumn } from "./outer-column";
export * from "./record-errors";
export { seedField } from "./record-input";
export { redactTaskParams } from "./redact-params";
export * from "./task-records";
export * from "./upload-records";
