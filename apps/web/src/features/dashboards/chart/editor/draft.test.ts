import { FILTER_OPERATORS, type TableField } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import {
  aggregationsFor,
  binningOffered,
  canSave,
  defaultBinning,
  dimensionFieldDisabled,
  emptyChart,
  filterOperators,
  filterToAdd,
  measureFieldDisabled,
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
