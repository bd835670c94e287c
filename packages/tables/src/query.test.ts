import type { TableQuery } from '@corridor/contract';
import { TableQuery as TableQuerySchema } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { buildTableQuery, quoteIdentifier, TABLE_QUERY_ROW_LIMIT, TableQueryError, type QueryTable } from './query.ts';

const HOSTILE = 'x"; DROP TABLE t; --';
const trips: QueryTable = {
  name: 'output_trips',
  fields: [
    { name: 'main_mode', type: 'STRING' },
    { name: 'traveled_distance', type: 'LONG' },
    { name: 'trav_time', type: 'DOUBLE' },
    { name: 'iteration', type: 'LONG' },
    { name: HOSTILE, type: 'STRING' },
  ],
};
const LIMIT = ` LIMIT ${TABLE_QUERY_ROW_LIMIT}`;

function q(query: Partial<TableQuery['query']>, shape: TableQuery['shape'] = 'RAW'): TableQuery {
  return TableQuerySchema.parse({ query: { select: [], groupBy: [], where: [], ...query }, shape });
}

describe('buildTableQuery: RAW', () => {
  it('selects plain columns with no grouping', () => {
    const built = buildTableQuery(trips, q({ select: [{ column: 'main_mode' }, { column: 'trav_time', aggregation: 'NONE' }] }));
    expect(built.sql).toBe(`SELECT "main_mode" AS "main_mode", "trav_time" AS "trav_time" FROM "output_trips"${LIMIT}`);
    expect(built.params).toEqual([]);
    expect(built.columns).toEqual(['main_mode', 'trav_time']);
  });

  it.each([
    ['COUNT', 'count(*)'],
    ['SUM', 'sum("traveled_distance")'],
    ['AVG', 'avg("traveled_distance")'],
    ['MIN', 'min("traveled_distance")'],
    ['MAX', 'max("traveled_distance")'],
  ] as const)('maps %s to %s with an alias, grouped by the plain columns', (aggregation, expr) => {
    const built = buildTableQuery(trips, q({ select: [{ column: 'main_mode' }, { column: 'traveled_distance', aggregation }] }));
    const alias = `${aggregation.toLowerCase()}(traveled_distance)`;
    expect(built.sql).toBe(
      `SELECT "main_mode" AS "main_mode", ${expr} AS "${alias}" FROM "output_trips" GROUP BY "main_mode" ORDER BY "main_mode"${LIMIT}`,
    );
    expect(built.columns).toEqual(['main_mode', alias]);
  });

  it('puts group-by columns that are not selected first in the answer', () => {
    const built = buildTableQuery(trips, q({ select: [{ column: 'trav_time', aggregation: 'AVG' }], groupBy: [{ column: 'main_mode' }] }));
    expect(built.sql).toBe(`SELECT "main_mode" AS "main_mode", avg("trav_time") AS "avg(trav_time)" FROM "output_trips" GROUP BY "main_mode" ORDER BY "main_mode"${LIMIT}`);
    expect(built.columns).toEqual(['main_mode', 'avg(trav_time)']);
  });

  it('refuses SUM and AVG of a text column', () => {
    expect(() => buildTableQuery(trips, q({ select: [{ column: 'main_mode', aggregation: 'SUM' }] }))).toThrow('needs a numeric column, not main_mode');
    expect(() => buildTableQuery(trips, q({ select: [{ column: 'main_mode', aggregation: 'AVG' }] }))).toThrow(TableQueryError);
  });

  it('refuses an empty select', () => {
    expect(() => buildTableQuery(trips, q({}))).toThrow('Select at least one column.');
  });
});

describe('buildTableQuery: binning', () => {
  it('bins by an interval, the same parameter in select and GROUP BY', () => {
    const built = buildTableQuery(
      trips,
      q({ select: [{ column: 'traveled_distance', binning: { interval: 1000 } }, { column: 'main_mode', aggregation: 'COUNT' }], groupBy: [{ column: 'traveled_distance' }] }),
    );
    const bin = 'floor("traveled_distance" / $1) * $1';
    expect(built.sql).toBe(`SELECT ${bin} AS "traveled_distance", count(*) AS "count(main_mode)" FROM "output_trips" GROUP BY ${bin} ORDER BY ${bin}${LIMIT}`);
    expect(built.params).toEqual([1000]);
  });

  it('bins by custom edges to the lower edge, sorted, duplicates dropped', () => {
    const built = buildTableQuery(
      trips,
      q({ select: [{ column: 'trav_time', binning: { edges: [30, 10, 20, 10] } }, { column: 'trav_time', aggregation: 'COUNT' }], groupBy: [{ column: 'trav_time' }] }),
    );
    const bin = 'CASE WHEN "trav_time" >= $1 THEN $1 WHEN "trav_time" >= $2 THEN $2 WHEN "trav_time" >= $3 THEN $3 END';
    expect(built.sql).toBe(`SELECT ${bin} AS "trav_time", count(*) AS "count(trav_time)" FROM "output_trips" GROUP BY ${bin} ORDER BY ${bin}${LIMIT}`);
    expect(built.params).toEqual([30, 20, 10]);
  });

  it('refuses binning a text column or a measure', () => {
    expect(() => buildTableQuery(trips, q({ select: [{ column: 'main_mode', binning: { interval: 5 } }] }))).toThrow('Binning needs a numeric column, not main_mode');
    expect(() => buildTableQuery(trips, q({ select: [{ column: 'trav_time', aggregation: 'SUM', binning: { interval: 5 } }] }))).toThrow('Binning applies to a dimension');
  });

  it('the contract refuses a zero interval and empty edges', () => {
    expect(() => q({ select: [{ column: 'trav_time', binning: { interval: 0 } }] })).toThrow();
    expect(() => q({ select: [{ column: 'trav_time', binning: { edges: [] } }] })).toThrow();
  });
});

describe('buildTableQuery: where', () => {
  const select = [{ column: 'main_mode' }];
  it.each([
    ['=', '='],
    ['!=', '<>'],
    ['<', '<'],
    ['<=', '<='],
    ['>', '>'],
    ['>=', '>='],
  ] as const)('%s compares with a parameter typed as the column', (is, sqlOp) => {
    const built = buildTableQuery(trips, q({ select, where: [{ column: 'trav_time', is, value: '12.5' }] }));
    expect(built.sql).toBe(`SELECT "main_mode" AS "main_mode" FROM "output_trips" WHERE ("trav_time" ${sqlOp} $1)${LIMIT}`);
    expect(built.params).toEqual([12.5]);
  });

  it('joins filters with AND and keeps text values as text', () => {
    const built = buildTableQuery(trips, q({ select, where: [{ column: 'main_mode', is: '=', value: 'car' }, { column: 'iteration', is: '>=', value: 3 }] }));
    expect(built.sql).toContain(`WHERE ("main_mode" = $1) AND ("iteration" >= $2)`);
    expect(built.params).toEqual(['car', 3]);
  });

  it('in / not in take a comma-separated list, one parameter each', () => {
    const inList = buildTableQuery(trips, q({ select, where: [{ column: 'main_mode', is: 'in', value: 'car, pt,,walk' }] }));
    expect(inList.sql).toContain(`WHERE ("main_mode" IN ($1, $2, $3))`);
    expect(inList.params).toEqual(['car', 'pt', 'walk']);
    const notIn = buildTableQuery(trips, q({ select, where: [{ column: 'iteration', is: 'not in', value: '1,2' }] }));
    expect(notIn.sql).toContain(`WHERE ("iteration" NOT IN ($1, $2))`);
    expect(notIn.params).toEqual([1, 2]);
    const one = buildTableQuery(trips, q({ select, where: [{ column: 'iteration', is: 'in', value: 7 }] }));
    expect(one.params).toEqual([7]);
  });

  it('an empty in list matches nothing, an empty not in list everything', () => {
    expect(buildTableQuery(trips, q({ select, where: [{ column: 'main_mode', is: 'in', value: ' , ' }] })).sql).toContain('WHERE (false)');
    expect(buildTableQuery(trips, q({ select, where: [{ column: 'main_mode', is: 'not in', value: '' }] })).sql).toContain('WHERE (true)');
  });

  it('last k keeps the k largest distinct values of the column', () => {
    const built = buildTableQuery(trips, q({ select, where: [{ column: 'iteration', is: 'last k', value: '5' }] }));
    expect(built.sql).toContain(`WHERE ("iteration" IN (SELECT DISTINCT "iteration" FROM "output_trips" ORDER BY "iteration" DESC NULLS LAST LIMIT $1))`);
    expect(built.params).toEqual([5]);
  });

  it('refuses a k that is not a whole number of at least 1, and a non-number for a numeric column', () => {
    for (const value of ['0', '-1', '2.5', 'abc', '']) {
      expect(() => buildTableQuery(trips, q({ select, where: [{ column: 'iteration', is: 'last k', value }] }))).toThrow('"last k" needs a whole number');
    }
    expect(() => buildTableQuery(trips, q({ select, where: [{ column: 'trav_time', is: '<', value: 'abc' }] }))).toThrow('The filter value for trav_time must be a number, not "abc"');
    expect(() => buildTableQuery(trips, q({ select, where: [{ column: 'trav_time', is: '<', value: ' ' }] }))).toThrow(TableQueryError);
  });
});

describe('buildTableQuery: PIVOT', () => {
  it('returns row, series, value per cell', () => {
    const built = buildTableQuery(
      trips,
      q({ select: [{ column: 'trav_time', aggregation: 'AVG' }], groupBy: [{ column: 'iteration' }, { column: 'main_mode' }] }, 'PIVOT'),
    );
    expect(built.sql).toBe(
      `SELECT "iteration" AS "row", "main_mode" AS "series", avg("trav_time") AS "value" FROM "output_trips" GROUP BY "iteration", "main_mode" ORDER BY 1, 2${LIMIT}`,
    );
    expect(built.columns).toEqual(['row', 'series', 'value']);
  });

  it('has a NULL series with one group-by, binned rows, and any_value for NONE', () => {
    const built = buildTableQuery(
      trips,
      q({ select: [{ column: 'trav_time', binning: { interval: 60 } }, { column: 'traveled_distance' }], groupBy: [{ column: 'trav_time' }] }, 'PIVOT'),
    );
    expect(built.sql).toBe(
      `SELECT floor("trav_time" / $1) * $1 AS "row", NULL AS "series", any_value("traveled_distance") AS "value" FROM "output_trips" GROUP BY floor("trav_time" / $1) * $1 ORDER BY 1, 2${LIMIT}`,
    );
    expect(built.params).toEqual([60]);
  });

  it('needs one or two group-by columns and exactly one measure', () => {
    expect(() => buildTableQuery(trips, q({ select: [{ column: 'trav_time', aggregation: 'SUM' }] }, 'PIVOT'))).toThrow('PIVOT needs one or two group-by columns');
    expect(() =>
      buildTableQuery(trips, q({ select: [{ column: 'trav_time', aggregation: 'SUM' }, { column: 'iteration', aggregation: 'MAX' }], groupBy: [{ column: 'main_mode' }] }, 'PIVOT')),
    ).toThrow('PIVOT needs exactly one measure.');
  });
});

describe('buildTableQuery: row order', () => {
  it('orders rows as they are by the given columns; aggregated answers keep their grouping order', () => {
    const rawRows = buildTableQuery(trips, q({ select: [{ column: 'trav_time' }, { column: 'main_mode' }] }), { rowOrder: ['iteration', 'main_mode'] });
    expect(rawRows.sql).toBe(`SELECT "trav_time" AS "trav_time", "main_mode" AS "main_mode" FROM "output_trips" ORDER BY "iteration", "main_mode"${LIMIT}`);
    const grouped = buildTableQuery(trips, q({ select: [{ column: 'main_mode' }, { column: 'trav_time', aggregation: 'SUM' }], groupBy: [{ column: 'main_mode' }] }), { rowOrder: ['iteration'] });
    expect(grouped.sql).toContain('ORDER BY "main_mode"');
    expect(grouped.sql).not.toContain('"iteration"');
  });
});

describe('buildTableQuery: BOXPLOT', () => {
  const stats = 'min("trav_time") AS "min", quantile_cont("trav_time", [0.25, 0.5, 0.75]) AS "q", max("trav_time") AS "max"';
  const outer = (inner: string, order = '') => `SELECT "group", "min", "q"[1] AS "q1", "q"[2] AS "median", "q"[3] AS "q3", "max" FROM (${inner})${order}`;
  it('returns min, q1, median, q3, max per group', () => {
    const built = buildTableQuery(trips, q({ select: [{ column: 'trav_time' }], groupBy: [{ column: 'main_mode' }], where: [{ column: 'main_mode', is: '!=', value: 'walk' }] }, 'BOXPLOT'));
    expect(built.sql).toBe(`${outer(`SELECT "main_mode" AS "group", ${stats} FROM "output_trips" WHERE ("main_mode" <> $1) GROUP BY "main_mode"`, ' ORDER BY 1')}${LIMIT}`);
    expect(built.params).toEqual(['walk']);
    expect(built.columns).toEqual(['group', 'min', 'q1', 'median', 'q3', 'max']);
  });

  it('is one row with a NULL group without group-by', () => {
    const built = buildTableQuery(trips, q({ select: [{ column: 'trav_time' }] }, 'BOXPLOT'));
    expect(built.sql).toBe(`${outer(`SELECT NULL AS "group", ${stats} FROM "output_trips"`)}${LIMIT}`);
  });

  it('needs one raw numeric value column', () => {
    expect(() => buildTableQuery(trips, q({ select: [{ column: 'main_mode' }] }, 'BOXPLOT'))).toThrow('BOXPLOT needs a numeric column, not main_mode');
    expect(() => buildTableQuery(trips, q({ select: [{ column: 'trav_time', aggregation: 'AVG' }] }, 'BOXPLOT'))).toThrow('not AVG');
    expect(() => buildTableQuery(trips, q({ select: [{ column: 'trav_time' }, { column: 'iteration' }] }, 'BOXPLOT'))).toThrow('exactly one value column');
  });
});

describe('buildTableQuery: identifiers and values', () => {
  it.each([
    ['select', q({ select: [{ column: 'nope' }] })],
    ['groupBy', q({ select: [{ column: 'trav_time', aggregation: 'SUM' }], groupBy: [{ column: 'nope' }] })],
    ['where', q({ select: [{ column: 'trav_time' }], where: [{ column: 'nope', is: '=', value: 1 }] })],
    ['PIVOT', q({ select: [{ column: 'trav_time', aggregation: 'SUM' }], groupBy: [{ column: 'nope' }] }, 'PIVOT')],
    ['BOXPLOT', q({ select: [{ column: 'trav_time' }], groupBy: [{ column: 'nope' }] }, 'BOXPLOT')],
  ])('an unknown column in %s is a TableQueryError naming it', (_, query) => {
    expect(() => buildTableQuery(trips, query)).toThrow(new TableQueryError('There is no column nope in the table output_trips.'));
  });

  it('quotes a hostile column name that is a real field, doubling its quotes', () => {
    expect(quoteIdentifier(HOSTILE)).toBe('"x""; DROP TABLE t; --"');
    const built = buildTableQuery(trips, q({ select: [{ column: HOSTILE }], where: [{ column: HOSTILE, is: '=', value: 'a' }] }));
    expect(built.sql).toBe(`SELECT "x""; DROP TABLE t; --" AS "x""; DROP TABLE t; --" FROM "output_trips" WHERE ("x""; DROP TABLE t; --" = $1)${LIMIT}`);
  });

  it('quotes a hostile table name', () => {
    const built = buildTableQuery({ ...trips, name: 't"; DROP TABLE t; --' }, q({ select: [{ column: 'iteration' }], where: [{ column: 'iteration', is: 'last k', value: 2 }] }));
    expect(built.sql).toBe(
      `SELECT "iteration" AS "iteration" FROM "t""; DROP TABLE t; --" WHERE ("iteration" IN (SELECT DISTINCT "iteration" FROM "t""; DROP TABLE t; --" ORDER BY "iteration" DESC NULLS LAST LIMIT $1))${LIMIT}`,
    );
  });

  it('a hostile column name that is not a field is refused, never emitted', () => {
    expect(() => buildTableQuery(trips, q({ select: [{ column: 'main_mode"; DROP TABLE t; --' }] }))).toThrow(TableQueryError);
  });

  it('hostile values only ever reach the parameters', () => {
    const hostile = "'; DROP TABLE t; --";
    const built = buildTableQuery(
      trips,
      q({
        select: [{ column: 'main_mode' }],
        where: [
          { column: 'main_mode', is: '=', value: hostile },
          { column: 'main_mode', is: 'in', value: `${hostile},"x"` },
        ],
      }),
    );
    expect(built.sql).not.toContain('DROP');
    expect(built.sql).not.toContain("'");
    expect(built.params).toEqual([hostile, hostile, '"x"']);
  });

  it('always ends with the row limit', () => {
    for (const shape of ['RAW', 'PIVOT', 'BOXPLOT'] as const) {
      const built = buildTableQuery(trips, q({ select: [{ column: 'trav_time' }], groupBy: [{ column: 'main_mode' }] }, shape));
      expect(built.sql.endsWith(' LIMIT 100000')).toBe(true);
    }
  });
});
