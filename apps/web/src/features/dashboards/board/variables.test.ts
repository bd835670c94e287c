import type { DashboardItem } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import {
  canDeleteVariable,
  chartVariables,
  initialVariables,
  mapTemplateItems,
  nextVariableName,
  panelDatasets,
  parseDatasetIds,
  parseTemplateKey,
  startTemplate,
  renameVariable,
  variableNameProblem,
} from './variables.ts';

const text = (variables: string[]): DashboardItem => ({ type: 'text', x: 0, y: 0, width: 4, height: 2, variables, data: { text: '', style: 'p' } });
const chart = (variables: string[], compare?: boolean): DashboardItem => ({
  type: 'chart',
  x: 0,
  y: 0,
  width: 6,
  height: 4,
  variables,
  data: { type: 'bar', name: 'c', table: 'output_trips', filters: [], config: { measures: [], dimensions: [], options: { compare } } },
});
const a = { name: 'Dataset 1', id: 10 };
const b = { name: 'Dataset 2', id: 20 };

describe('dashboard variables', () => {
  it('names new variables Dataset N, skipping names in use', () => {
    expect(nextVariableName([])).toBe('Dataset 1');
    expect(nextVariableName([a])).toBe('Dataset 2');
    expect(nextVariableName([{ name: 'Dataset 2', id: 1 }])).toBe('Dataset 3');
  });

  it('wants names non-empty and unique', () => {
    expect(variableNameProblem('  ', [a])).toBe('empty');
    expect(variableNameProblem('Dataset 1', [a, b])).toBe('duplicate');
    expect(variableNameProblem('Dataset 1', [a, b], 0)).toBeNull();
    expect(variableNameProblem('Base', [a, b])).toBeNull();
  });

  it('deletes a variable only when more than one exists and no panel uses it', () => {
    expect(canDeleteVariable('Dataset 1', [a], [])).toBe(false);
    expect(canDeleteVariable('Dataset 2', [a, b], [text(['Dataset 1'])])).toBe(true);
    expect(canDeleteVariable('Dataset 2', [a, b], [chart(['Dataset 1', 'Dataset 2'])])).toBe(false);
  });

  it('renames the variable in the panels that use it', () => {
    expect(renameVariable([text(['Dataset 1', 'Dataset 2'])], 'Dataset 1', 'Base')[0]!.variables).toEqual(['Base', 'Dataset 2']);
  });

  it('reads ?datasets= ids', () => {
    expect(parseDatasetIds('1,2')).toEqual([1, 2]);
    expect(parseDatasetIds(' 3 , x, 3, 0, -1, 4')).toEqual([3, 4]);
    expect(parseDatasetIds(null)).toEqual([]);
  });

  it('starts a new board with the preselected datasets or the latest run with tables', () => {
    const datasets = [
      { id: 5, name: 'scenario', datasetType: 1, tableCount: 3 },
      { id: 7, name: 'run a', datasetType: 2, tableCount: 2 },
      { id: 9, name: 'run b', datasetType: 2, tableCount: 0 },
      { id: 8, name: 'run c', datasetType: 2, tableCount: 1 },
    ];
    expect(initialVariables([1, 2], datasets)).toEqual([
      { name: 'Dataset 1', id: 1 },
      { name: 'Dataset 2', id: 2 },
    ]);
    expect(initialVariables([], datasets)).toEqual([{ name: 'Dataset 1', id: 8 }]);
    expect(initialVariables([], [datasets[0]!, datasets[2]!])).toEqual([]);
  });

  it('maps template items from Dataset 1 to the first variable', () => {
    const mapped = mapTemplateItems([chart(['Dataset 1']), text([])], [{ name: 'Base', id: 1 }]);
    expect(mapped.map((item) => item.variables)).toEqual([['Base'], ['Base']]);
    expect(mapped[0]!.type === 'chart' && mapped[0]!.data.config.options.compare).toBeFalsy();
    expect(mapTemplateItems([chart(['Dataset 1'])], [])[0]!.variables).toEqual([]);
  });

  it('turns comparison on in template charts when the board has two or more datasets', () => {
    const mapped = mapTemplateItems([chart(['Dataset 1']), text([])], [{ name: 'Base', id: 1 }, b]);
    const [first, second] = mapped;
    expect(first!.variables).toEqual(['Base', 'Dataset 2']);
    expect(first!.type === 'chart' && first!.data.config.options.compare).toBe(true);
    expect(panelDatasets(first!, [{ name: 'Base', id: 1 }, b])).toEqual([{ name: 'Base', id: 1 }, b]);
    // Text panels stay as they are.
    expect(second!.type).toBe('text');
    expect(second!.variables).toEqual(['Base']);
  });

  it('reads a known ?template= key only', () => {
    expect(parseTemplateKey('overview')).toBe('overview');
    expect(parseTemplateKey('trips')).toBe('trips');
    expect(parseTemplateKey('nope')).toBeNull();
    expect(parseTemplateKey(null)).toBeNull();
  });

  it('a new board on two or more datasets starts from the Overview unless ?template= names another', () => {
    expect(startTemplate(null, [1, 2])).toBe('overview');
    expect(startTemplate('trips', [1, 2])).toBe('trips');
    expect(startTemplate('trips', [1])).toBe('trips');
    expect(startTemplate(null, [1])).toBeNull();
    expect(startTemplate('nope', [])).toBeNull();
  });

  it('draws a comparing chart over every variable, others over their own', () => {
    expect(panelDatasets(chart(['Dataset 2']), [a, b])).toEqual([b]);
    expect(panelDatasets(chart(['Dataset 1'], true), [a, b])).toEqual([a, b]);
    expect(chartVariables({ dataset: 20, config: { options: {} } }, [a, b])).toEqual(['Dataset 2']);
    expect(chartVariables({ dataset: 99, config: { options: {} } }, [a, b])).toEqual(['Dataset 1']);
    expect(chartVariables({ dataset: 20, config: { options: { compare: true } } }, [a, b])).toEqual(['Dataset 1', 'Dataset 2']);
  });
});
