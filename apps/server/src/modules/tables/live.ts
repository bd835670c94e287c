/**
 * A run's live tables (spec 1 §7.4 default run charts): memory (time, value, key), scoreStats and modeStats
 * (iteration, value, key), kept as run series while the run goes and queried like any imported table.
 */
import { RUN_TABLES, type RunTableName, type TableField } from '@corridor/contract';

export const LIVE_TABLE_ORDER: readonly string[] = Object.keys(RUN_TABLES);

export function isLiveTable(name: string): name is RunTableName {
  return Object.hasOwn(RUN_TABLES, name);
}

/** The columns in the order the series rows are loaded: x (time in ms since the epoch, or the iteration), value, key. */
export function liveTableFields(table: RunTableName): TableField[] {
  const x: TableField = table === 'memory' ? { name: 'time', type: 'DOUBLE' } : { name: 'iteration', type: 'LONG' };
  return [x, { name: 'value', type: 'DOUBLE' }, { name: 'key', type: 'STRING' }];
}
