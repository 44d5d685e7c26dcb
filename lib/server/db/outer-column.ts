import "server-only";
import { type AnyColumn, getTableName, type SQL, sql } from "drizzle-orm";

/**
 * A column of the outer query, named with its table, for a subquery written as SQL. Drizzle
 * writes a column bare in the select list of a query over one table, so in
 * `(select ... from item i where i.task_uuid = ${cell.taskUUID})` the bare `"task_uuid"` would
 * be the subquery's own column, compared with itself: true for every row. Named with its table,
 * it can only be the outer one.
 */
export function outerColumn(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
