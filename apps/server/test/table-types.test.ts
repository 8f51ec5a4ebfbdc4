import { join } from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from './harness.ts';

/**
 * `db/tables.ts` is written by hand; this holds it against the schema the migrations build, on each engine:
 * the same tables, the same columns, a column nullable in the database exactly where its type admits null,
 * and numbers where the database keeps integers.
 */
type Kind = 'number' | 'string' | 'other';
interface ColumnShape {
  nullable: boolean;
  kind: Kind;
}
type Shapes = Record<string, Record<string, ColumnShape>>;

/** Tables and columns of the `Database` interface, read with the TypeScript checker (Generated/ColumnType unwrapped). */
function declaredShapes(): Shapes {
  const file = join(import.meta.dirname, '../src/db/tables.ts');
  const program = ts.createProgram([file], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database')!;
  const kindOf = (type: ts.Type): Kind => {
    const parts = type.isUnion() ? type.types : [type];
    const kinds = new Set(
      parts
        .filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)))
        .map((t): Kind => (t.flags & ts.TypeFlags.NumberLike ? 'number' : t.flags & ts.TypeFlags.StringLike ? 'string' : 'other')),
    );
    return kinds.size === 1 ? [...kinds][0]! : 'other';
  };
  /** The select type of a column: Generated<T> and ColumnType<S, I, U> keep it in `__select__`. */
  const selectType = (type: ts.Type): ts.Type => {
    const select = type.getProperty('__select__');
    return select ? checker.getTypeOfSymbol(select) : type;
  };
  const shapes: Shapes = {};
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const row = checker.getTypeOfSymbol(table);
    shapes[table.name] = {};
    for (const column of row.getProperties()) {
      const type = selectType(checker.getTypeOfSymbol(column));
      const nullable = type.isUnion() && type.types.some((t) => t.flags & ts.TypeFlags.Null);
      shapes[table.name]![column.name] = { nullable, kind: kindOf(type) };
    }
  }
  return shapes;
}

const INTEGER_TYPES = /^(int|integer|int2|int4|int8|bigint|smallint|serial|bigserial)$/i;
/** The card search index: an FTS5 virtual table (and its shadow tables) on SQLite, a trigram table on PostgreSQL; raw SQL only. */
const RAW_SQL_ONLY = /^card_search(_|$)/;

/** SQLite reports primary-key columns as nullable unless declared NOT NULL; the key itself never holds null here. */
async function sqlitePrimaryKeys(database: TestDatabase, table: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0`.execute(database.db.kysely);
  return new Set(rows.map((r) => r.name));
}

describe.each(engines())('db/tables.ts against the migrated schema on %s', (engine) => {
  let database: TestDatabase;
  let declared: Shapes;
  let actual: Shapes;
  beforeAll(async () => {
    database = await freshDatabase(engine, { seeded: false });
    declared = declaredShapes();
    actual = {};
    for (const table of await database.db.kysely.introspection.getTables()) {
      if (/^kysely_/.test(table.name) || RAW_SQL_ONLY.test(table.name)) continue;
      const keys = engine === 'sqlite' ? await sqlitePrimaryKeys(database, table.name) : new Set<string>();
      actual[table.name] = Object.fromEntries(
        table.columns.map((c) => [
          c.name,
          { nullable: c.isNullable && !keys.has(c.name), kind: INTEGER_TYPES.test(c.dataType) ? 'number' : 'string' } as ColumnShape,
        ]),
      );
    }
  });
  afterAll(() => database?.drop());

  it('declares every table the migrations create, and no other', () => {
    expect(Object.keys(declared).sort()).toEqual(Object.keys(actual).sort());
  });

  it('declares every column of each table, and no other', () => {
    const columns = (shapes: Shapes) =>
      Object.entries(shapes)
        .flatMap(([table, cols]) => Object.keys(cols).map((c) => `${table}.${c}`))
        .sort();
    expect(columns(declared)).toEqual(columns(actual).filter((c) => c.split('.')[0]! in declared));
  });

  it('admits null exactly where the column is nullable', () => {
    const wrong = Object.entries(actual).flatMap(([table, cols]) =>
      Object.entries(cols)
        .filter(([column, shape]) => declared[table]?.[column] && declared[table]![column]!.nullable !== shape.nullable)
        .map(([column, shape]) => `${table}.${column}: database ${shape.nullable ? 'nullable' : 'not null'}`),
    );
    expect(wrong).toEqual([]);
  });

  it('types integer columns as numbers', () => {
    const wrong = Object.entries(actual).flatMap(([table, cols]) =>
      Object.entries(cols)
        .filter(([column, shape]) => shape.kind === 'number' && declared[table]?.[column] && declared[table]![column]!.kind === 'string')
        .map(([column]) => `${table}.${column}`),
    );
    expect(wrong).toEqual([]);
  });
});
