// The synthetic 1-million-link network of the network benchmarks (matsim-network, network-query): a 501 × 501 grid
// of nodes 100 m apart in EPSG:25832 (50 km × 50 km), links both ways between neighbours, every fifth link also
// for bike, every tenth with attributes. Produced line by line, so writing it needs no model in memory.

export const LINKS = 1_000_000;
export const SIDE = 501; // 501 × 501 nodes give 1,002,000 directed grid links; generation stops at LINKS
export const SPACING = 100;

/** The network in MATSim's v2 layout, produced line by line so generating it needs no model in memory. */
export function* syntheticNetwork(): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield '<!DOCTYPE network SYSTEM "http://www.matsim.org/files/dtd/network_v2.dtd">\n';
  yield '<network name="synthetic grid">\n\n\t<attributes>\n';
  yield '\t\t<attribute name="coordinateReferenceSystem" class="java.lang.String">EPSG:25832</attribute>\n';
  yield '\t</attributes>\n\n\t<nodes>\n';
  for (let row = 0; row < SIDE; row++) {
    let lines = '';
    for (let col = 0; col < SIDE; col++) {
      lines += `\t\t<node id="${row * SIDE + col}" x="${(col * SPACING).toFixed(1)}" y="${(row * SPACING + 0.25).toFixed(2)}" >\n\t\t</node>\n`;
    }
    yield lines;
  }
  yield '\t</nodes>\n\n\t<links capperiod="01:00:00" effectivecellsize="7.5" effectivelanewidth="3.75">\n';
  let id = 0;
  const link = (from: number, to: number): string => {
    const n = id++;
    const modes = n % 5 === 0 ? 'car,bike' : 'car';
    const head = `\t\t<link id="${n}" from="${from}" to="${to}" length="${SPACING + (n % 7) * 0.5}" freespeed="13.88888888888889" capacity="${600 * (1 + (n % 3))}.0" permlanes="${1 + (n % 2)}.0" oneway="1" modes="${modes}" >\n`;
    // Every tenth link carries attributes, as OSM-derived networks do (type, allowed speed).
    const attributes =
      n % 10 === 0
        ? '\t\t\t<attributes>\n\t\t\t\t<attribute name="type" class="java.lang.String">residential</attribute>\n' +
          '\t\t\t\t<attribute name="allowed_speed" class="java.lang.Double">13.88888888888889</attribute>\n\t\t\t</attributes>\n'
        : '';
    return `${head}${attributes}\t\t</link>\n`;
  };
  for (let row = 0; row < SIDE && id < LINKS; row++) {
    let lines = '';
    for (let col = 0; col < SIDE && id < LINKS; col++) {
      const node = row * SIDE + col;
      if (col + 1 < SIDE) lines += link(node, node + 1) + link(node + 1, node);
      if (row + 1 < SIDE && id < LINKS) lines += link(node, node + SIDE) + link(node + SIDE, node);
    }
    yield lines;
  }
  yield '\t</links>\n\n</network>\n';
}

/** Prints rows as a table: the first `leftColumns` columns left-aligned, the others right-aligned. */
export function printTable(rows: string[][], leftColumns = 1): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
}
