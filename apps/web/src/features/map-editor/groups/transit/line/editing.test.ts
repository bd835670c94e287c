import { describe, expect, it } from 'vitest';
import { NO_SELECTION } from '../../../state/types.ts';
import { editTarget, networkRouteMode, networkRouteSelection, routeAfterDelete, routeSelection, shownRouteId } from './editing.ts';

describe('line tab editing (spec 2 §4 transit rules)', () => {
  it('edits only while the selection matches this line and route', () => {
    expect(editTarget(routeSelection('L1', 'R1'), 'L1', 'R1')).toBe('route');
    expect(editTarget(networkRouteSelection('L1', 'R1', 'add'), 'L1', 'R1')).toBe('networkRoute');
    expect(editTarget(routeSelection('L1', 'R2'), 'L1', 'R1')).toBeUndefined();
    expect(editTarget(routeSelection('L2', 'R1'), 'L1', 'R1')).toBeUndefined();
    expect(editTarget(NO_SELECTION, 'L1', 'R1')).toBeUndefined();
    expect(editTarget(routeSelection('L1', 'R1'), 'L1', undefined)).toBeUndefined();
    expect(networkRouteMode(networkRouteSelection('L1', 'R1', 'delete'))).toBe('delete');
    expect(networkRouteMode(routeSelection('L1', 'R1'))).toBe('none');
  });

  it('shows the chosen route, or the first remaining when it vanished', () => {
    expect(shownRouteId('R2', ['R1', 'R2'])).toBe('R2');
    expect(shownRouteId('gone', ['R1', 'R2'])).toBe('R1');
    expect(shownRouteId(undefined, ['R1'])).toBe('R1');
    expect(shownRouteId('R1', [])).toBeUndefined();
  });

  it('after a delete chooses another route of the line, or none', () => {
    expect(routeAfterDelete('R2', ['R1', 'R2', 'R3'])).toBe('R3');
    expect(routeAfterDelete('R3', ['R1', 'R2', 'R3'])).toBe('R2');
    expect(routeAfterDelete('R1', ['R1'])).toBeUndefined();
  });
});
