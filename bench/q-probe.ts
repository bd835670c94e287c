import { DuckDBInstance } from '@duckdb/node-api';
import { performance } from 'node:perf_hooks';
const c = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
for (const extra of ['', ', buffer_size=4194304', ', buffer_size=2097152']) {
  for (let i = 0; i < 2; i++) {
  const t = performance.now();
  const r = await c.runAndReadAll(`DESCRIBE SELECT * FROM read_csv('/work/notes/probe/trips.csv.gz', delim=';', header=true, all_varchar=true, compression='gzip', quote='"', escape='"', null_padding=true${extra})`);
  console.log(extra, (performance.now() - t).toFixed(0), 'ms', r.getRows().length);
  }
}
