/** The parts of `shapefile` (0.6.6) and `sql.js` (1.17) the geodata readers use. */

declare module 'shapefile' {
  interface ShapefileFeature {
    type: 'Feature';
    properties: Record<string, unknown> | null;
    geometry: { type: string; coordinates: unknown } | null;
  }
  interface ShapefileSource {
    read(): Promise<{ done: boolean; value: ShapefileFeature }>;
    cancel(): Promise<void>;
  }
  export function open(
    shp: ArrayBuffer | Uint8Array,
    dbf?: ArrayBuffer | Uint8Array,
    options?: { encoding?: string },
  ): Promise<ShapefileSource>;
  const shapefile: { open: typeof open };
  export default shapefile;
}

declare module 'sql.js' {
  type SqlValue = number | string | Uint8Array | null;
  interface QueryExecResult {
    columns: string[];
    values: SqlValue[][];
  }
  interface Statement {
    bind(values?: SqlValue[]): boolean;
    step(): boolean;
    get(): SqlValue[];
    run(values?: SqlValue[]): void;
    reset(): void;
    free(): boolean;
  }
  interface Database {
    run(sql: string, params?: SqlValue[]): Database;
    exec(sql: string, params?: SqlValue[]): QueryExecResult[];
    prepare(sql: string): Statement;
    export(): Uint8Array;
    close(): void;
  }
  interface SqlJsStatic {
    Database: new (data?: Uint8Array) => Database;
  }
  export type { Database, SqlValue, Statement };
  export default function initSqlJs(config?: object): Promise<SqlJsStatic>;
}
