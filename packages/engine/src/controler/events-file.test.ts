import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEvents, type MatsimEvent } from '@corridor/matsim';
import { SyncEventsFile } from './events-file.ts';

describe('SyncEventsFile', () => {
  it('writes a multi-member gzip events file that the matsim reader reads back in full', async () => {
    const events: MatsimEvent[] = [];
    // Enough events for several 4 MB chunks, i.e. several gzip members.
    for (let i = 0; i < 120_000; i++) {
      events.push({ time: i, type: 'entered link', link: `link-${i % 97}`, vehicle: `vehicle-number-${i}` } as MatsimEvent);
    }
    const path = join(mkdtempSync(join(tmpdir(), 'engine-events-')), 'events.xml.gz');
    const file = new SyncEventsFile(path);
    for (const event of events) file.add(event);
    await file.close();
    const read: MatsimEvent[] = [];
    for await (const event of readEvents(path)) read.push(event);
    expect(read).toHaveLength(events.length);
    expect(read[119_999]).toMatchObject({ time: 119_999, type: 'entered link', link: `link-${119_999 % 97}` });
  });
});
