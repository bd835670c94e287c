/** Writes counts in the format they were read in: v1 as `CountsWriterHandlerImplV1`, v2 as `CountsWriterV2`. */
import { writeAttributes } from '../common/attributes.ts';
import { formatJavaDouble } from '../common/numbers.ts';
import { xmlAttributes, XML_PROLOG } from '../xml/writer.ts';
import type { Counts, CountsV1, CountsV2 } from './model.ts';

const V1_ROOT =
  '<counts xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xsi:noNamespaceSchemaLocation="http://matsim.org/files/dtd/counts_v1.xsd"';
const V2_ROOT =
  '<counts xmlns="http://www.matsim.org/files/dtd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xsi:schemaLocation="http://www.matsim.org/files/dtd http://www.matsim.org/files/dtd/counts_v2.xsd"';

export function writeCounts(counts: Counts): Generator<string> {
  return counts.version === 1 ? writeCountsV1(counts) : writeCountsV2(counts);
}

function* writeCountsV1(counts: CountsV1): Generator<string> {
  const root = xmlAttributes([
    ['name', counts.name],
    ['desc', counts.description],
    ['year', counts.year],
    ['layer', counts.layer],
  ]);
  yield `${XML_PROLOG}${V1_ROOT}${root}>\n\n`;
  for (const station of counts.stations) {
    let out = `\t<count${xmlAttributes([
      ['loc_id', station.linkId],
      ['cs_id', station.stationId],
      ['x', station.x === undefined ? undefined : formatJavaDouble(station.x)],
      ['y', station.y === undefined ? undefined : formatJavaDouble(station.y)],
    ])}>\n`;
    for (const { hour, value } of station.volumes) out += `\t\t<volume h="${hour}" val="${formatJavaDouble(value)}"/>\n`;
    yield `${out}\t</count>\n\n`;
  }
  yield '</counts>\n';
}

function* writeCountsV2(counts: CountsV2): Generator<string> {
  const root = xmlAttributes([
    ['source', counts.source],
    ['name', counts.name],
    ['description', counts.description],
    ['year', counts.year],
  ]);
  yield `${XML_PROLOG}\n${V2_ROOT}${root}>\n${writeAttributes(counts.attributes, '\t')}\n`;
  for (const location of counts.locations) {
    let out = `\t<location${xmlAttributes([
      ['id', location.id],
      ['name', location.stationName],
      ['description', location.description],
      ['x', location.x === undefined ? undefined : formatJavaDouble(location.x)],
      ['y', location.y === undefined ? undefined : formatJavaDouble(location.y)],
    ])}>\n${writeAttributes(location.attributes, '\t\t')}`;
    for (const measurable of location.measurables) {
      out += `\t\t<measurements${xmlAttributes([
        ['type', measurable.type],
        ['mode', measurable.mode],
        ['interval', measurable.interval],
      ])}>\n`;
      for (const { time, value } of measurable.values) out += `\t\t\t<value t="${time}" val="${formatJavaDouble(value)}"/>\n`;
      out += '\t\t</measurements>\n';
    }
    yield `${out}\t</location>\n\n`;
  }
  yield '</counts>\n';
}
