import { describe, expect, it } from 'vitest';
import { formatBytes } from '@corridor/contract';
import { contentDisposition, contentType, storedContentType } from './content.ts';

describe('file content helpers', () => {
  it('chooses the content type by tag, then by extension', () => {
    expect(contentType('network.xml', 'network_v2')).toBe('application/xml; charset=utf-8');
    expect(contentType('whatever.bin', 'config_v2')).toBe('application/xml; charset=utf-8');
    expect(contentType('output_trips.csv', 'trips')).toBe('text/csv; charset=utf-8');
    expect(contentType('scorestats.txt', 'scorestats')).toBe('text/plain; charset=utf-8');
    expect(contentType('chart.png', 'image_png')).toBe('image/png');
    expect(contentType('area.shp', 'shapefile')).toBe('application/octet-stream');
    expect(contentType('area.gpkg', 'geopackage')).toBe('application/geopackage+sqlite3');
    expect(contentType('notes.json', null)).toBe('application/json');
    expect(contentType('page.html', null)).toBe('application/octet-stream');
    expect(storedContentType('network.xml.gz', 'network_v2', 'gzip')).toBe('application/gzip');
    expect(storedContentType('events.xml.zst', 'events_v1', 'zstd')).toBe('application/zstd');
  });

  it('writes Content-Disposition with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', 'network.xml')).toBe(`attachment; filename="network.xml"; filename*=UTF-8''network.xml`);
    expect(contentDisposition('inline', 'Straßen "neu".xml')).toBe(
      `inline; filename="Stra_en _neu_.xml"; filename*=UTF-8''Stra%C3%9Fen%20%22neu%22.xml`,
    );
  });

  it('formats sizes for messages', () => {
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(900)).toBe('900 bytes');
  });
});
