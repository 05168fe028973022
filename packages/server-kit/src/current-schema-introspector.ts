import {
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type TableMetadata,
} from "kysely";
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE } from "kysely/migration";

/**
 * Kysely's PostgreSQL introspector (which its migrator uses to find its own tables) reads the
 * tables of every schema in the database, looking each one up by name. Another schema dropped
 * meanwhile — a finished test's, a neighbour deployment's — fails that read ("cache lookup
 * failed", "schema does not exist") although ours is fine. This one reads only the schema the
 * connection works in, which is also the only one the migrator should see.
 */
export class CurrentSchemaIntrospector extends PostgresIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    super(db);
    this.#db = db;
  }

  override async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }) {
    const { rows } = await sql<ColumnRow>`
      select c.relname as table, c.relkind as kind, ns.nspname as schema,
             a.attname as column, a.attnotnull as not_null, a.atthasdef as has_default,
             typ.typname as type, typns.nspname as type_schema,
             col_description(a.attrelid, a.attnum) as comment,
             pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as serial
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on c.oid = a.attrelid
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace typns on typns.oid = typ.typnamespace
      where ns.nspname = current_schema()
        and c.relkind in ('r', 'v', 'p')
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db);
    const internal = [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE];
    const tables = new Map<string, TableMetadata & { columns: TableMetadata["columns"][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.includes(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = {
          name: row.table,
          schema: row.schema,
          isView: row.kind === "v",
          isForeign: false,
          columns: [],
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.serial !== null,
        ...(row.comment !== null ? { comment: row.comment } : {}),
      });
    }
    return [...tables.values()];
  }
}

interface ColumnRow {
  table: string;
  kind: string;
  schema: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  type: string;
  type_schema: string;
  comment: string | null;
  serial: string | null;
}

/** PostgreSQL as Kysely speaks it, introspecting only the connection's own schema. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>) {
    return new CurrentSchemaIntrospector(db);
  }
}
