import { FILTER_OPERATORS, type TableField } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import {
  aggregationApplies,
  aggregationsFor,
  binningOffered,
  canSave,
  defaultBinning,
  dimensionFieldDisabled,
  emptyChart,
  filterOperators,
  filterToAdd,
  measureFieldDisabled,
  newMeasure,
  pickMeasureColumn,
  setType,
  setXAxis,
} from './draft.ts';

const fields: TableField[] = [
  { name: 'main_mode', type: 'STRING' },
  { name: 'traveled_distance', type: 'LONG' },
];
const bar = () => ({ ...emptyChart(1, 1), table: 't', config: { measures: [{ name: 'traveled_distance', aggregation: 'NONE' as const }], dimensions: [{ name: 'traveled_distance' }], options: {} } });

describe('chart editor rules', () => {
  it('back to a discrete x axis resets aggregation to COUNT; numeric drops binning', () => {
    const numeric = setXAxis({ ...bar(), config: { ...bar().config, dimensions: [{ name: 'traveled_distance', binning: defaultBinning('interval') }] } }, 'numeric');
    expect(numeric.config.dimensions[0]!.binning).toBeNull();
    expect(setXAxis(numeric, 'discrete').config.measures[0]!.aggregation).toBe('COUNT');
  });

  it('NONE only on numeric axes; numeric axes disable STRING columns', () => {
    expect(aggregationsFor(bar())).toEqual(['COUNT', 'SUM', 'AVG']);
    const numeric = setXAxis(bar(), 'numeric');
    expect(aggregationsFor(numeric)).toContain('NONE');
    expect(dimensionFieldDisabled(numeric, fields[0]!, 0)).toBe(true);
    expect(measureFieldDisabled(numeric, fields[0]!, 'COUNT')).toBe(true);
    expect(dimensionFieldDisabled(bar(), fields[0]!, 0)).toBe(false);
  });

  it('a new measure is the SUM of a numeric column, None on numeric axes, else the row count (issue 25)', () => {
    const trips: TableField[] = [
      { name: 'trip_id', type: 'STRING' },
      { name: 'main_mode', type: 'STRING' },
      { name: 'traveled_distance', type: 'LONG' },
      { name: 'trav_time', type: 'LONG' },
    ];
    const discrete = { ...emptyChart(1, 1), table: 't', config: { measures: [], dimensions: [{ name: 'main_mode' }], options: {} } };
    // Not COUNT of the first column (trip_id): the sum of the first numeric one.
    expect(newMeasure(trips, discrete)).toEqual({ name: 'traveled_distance', aggregation: 'SUM' });
    // The dimension's own column is not summed.
    const byDistance = { ...discrete, config: { ...discrete.config, dimensions: [{ name: 'traveled_distance' }] } };
    expect(newMeasure(trips, byDistance)).toEqual({ name: 'trav_time', aggregation: 'SUM' });
    // A table of text only: the row count.
    expect(newMeasure(trips.slice(0, 2), discrete)).toEqual({ name: 'trip_id', aggregation: 'COUNT' });
    expect(newMeasure([], discrete)).toBeNull();
    // Numeric axes take the values as they are.
    expect(newMeasure(trips, setXAxis(byDistance, 'numeric'))).toEqual({ name: 'trav_time', aggregation: 'NONE' });
    expect(newMeasure(trips, { ...discrete, type: 'boxplot' })).toEqual({ name: 'traveled_distance', aggregation: 'NONE' });
    expect(newMeasure(trips.slice(0, 2), { ...discrete, type: 'scatter' })).toBeNull();
  });

  it('a text column picked for a sum or average is counted instead', () => {
    const text: TableField = { name: 'main_mode', type: 'STRING' };
    expect(pickMeasureColumn({ name: 'x', aggregation: 'SUM' }, text, 'main_mode')).toEqual({ name: 'main_mode', aggregation: 'COUNT' });
    expect(pickMeasureColumn({ name: 'x', aggregation: 'AVG' }, fields[1], 'traveled_distance')).toEqual({ name: 'traveled_distance', aggregation: 'AVG' });
    expect(measureFieldDisabled(bar(), text, 'SUM')).toBe(false);
    expect(measureFieldDisabled(bar(), text, 'NONE')).toBe(true);
  });

  it('boxplot and scatter ignore the aggregation: hidden, and the values taken as they are', () => {
    expect(aggregationApplies('boxplot')).toBe(false);
    expect(aggregationApplies('scatter')).toBe(false);
    expect(aggregationApplies('bar')).toBe(true);
    const counted = { ...bar(), config: { ...bar().config, measures: [{ name: 'traveled_distance', aggregation: 'COUNT' as const }] } };
    expect(setType(counted, 'boxplot').config.measures[0]!.aggregation).toBe('NONE');
    expect(setType(counted, 'line').config.measures[0]!.aggregation).toBe('COUNT');
  });

  it('a numeric x axis turns counts into None, as the templates\' numeric charts have them', () => {
    const counted = { ...bar(), config: { ...bar().config, measures: [{ name: 'traveled_distance', aggregation: 'COUNT' as const }, { name: 'b', aggregation: 'AVG' as const }] } };
    expect(setXAxis(counted, 'numeric').config.measures.map((m) => m.aggregation)).toEqual(['NONE', 'AVG']);
  });

  it('binning is offered for a numeric column on a discrete axis, with the §9 defaults', () => {
    expect(binningOffered(bar(), fields[1], 0)).toBe(true);
    expect(binningOffered(bar(), fields[0], 0)).toBe(false);
    expect(binningOffered(setXAxis(bar(), 'numeric'), fields[1], 0)).toBe(false);
    expect(defaultBinning('interval')).toEqual({ type: 'interval', binSize: 1000 });
    expect(defaultBinning('custom')).toEqual({ type: 'custom', bins: [10, 20, 30, 40] });
  });

  it('filters: column and non-empty value; last k needs the value only; restricted hides three operators', () => {
    expect(filterToAdd('main_mode', '=', ' ', fields)).toBeNull();
    expect(filterToAdd(null, '=', 'car', fields)).toBeNull();
    expect(filterToAdd('main_mode', '=', 'car', fields)).toEqual({ column: 'main_mode', is: '=', value: 'car' });
    expect(filterToAdd(null, 'last k', '3', fields)).toEqual({ column: 'main_mode', is: 'last k', value: '3' });
    expect(filterOperators(true, FILTER_OPERATORS)).toEqual(['=', '<', '<=', '>', '>=', 'in']);
    expect(filterOperators(false, FILTER_OPERATORS)).toHaveLength(9);
  });

  it('save needs a ready preview and a non-blank name', () => {
    expect(canSave({ ...bar(), name: '  ' }, true)).toBe(false);
    expect(canSave({ ...bar(), name: 'Trips' }, false)).toBe(false);
    expect(canSave({ ...bar(), name: 'Trips' }, true)).toBe(true);
  });
});
