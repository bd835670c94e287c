import { describe, expect, it } from 'vitest';
import { appliedChangesets, changesetHighlights } from './appliedChangesets.ts';

const closed = { id: 3, name: 'Link 3 closed', modifications: 2 };
const widened = { id: 5, name: 'Widened', modifications: 1 };

describe('the Changesets row', () => {
  it('reads the run attribute __changesets, and nothing from a run without one or an unreadable one', () => {
    expect(appliedChangesets({ __changesets: [closed, widened] })).toEqual([closed, widened]);
    expect(appliedChangesets({ __crs: 'EPSG:25832' })).toEqual([]);
    expect(appliedChangesets({ __changesets: 'three' })).toEqual([]);
  });

  it('keeps the files each changeset changed (issue 28)', () => {
    const timetable = { id: 7, name: 'New timetable', modifications: 4, files: ['network', 'transitschedule'] };
    expect(appliedChangesets({ __changesets: [closed, timetable] })).toEqual([closed, timetable]);
  });

  it('highlights the runs whose changesets (in order) differ from the most common list', () => {
    expect(changesetHighlights([[closed], [closed], []])).toEqual([false, false, true]);
    expect(changesetHighlights([[closed, widened], [widened, closed]])).toEqual([true, true]);
    expect(changesetHighlights([[], [], null])).toEqual([false, false, false]);
  });
});
