/**
 * Text formats that are not XML: output tables by their header line, MATSim logs by their line pattern, WKT
 * projection side-cars, and the header-less experienced-plans score table. The file name is consulted only where
 * the content cannot decide (per-mode tables with identical headers, `.prj` vs `.qpj`, `.cpg`).
 */
import { detectDelimiter, tableKindsOf, type TableKind } from '../tables/kinds.ts';
import type { DataTypeTag, ShapefilePart } from './tags.ts';

export interface TextMatch {
  tag: DataTypeTag;
  shapefilePart?: ShapefilePart;
}

/** log4j's `%d{ISO8601} %5p …` (`2024-08-30T08:26:39,924  INFO Gbl:64 …`); log4j 1 used a space for the `T`. */
const LOG_LINE = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d[,.]\d{3}\s+(TRACE|DEBUG|INFO|WARN|ERROR|FATAL)\s/;
const WKT = /^\s*(PROJCS|GEOGCS|GEOCCS|COMPD_CS|LOCAL_CS|VERT_CS|PROJCRS|GEOGCRS|GEODCRS|PROJECTEDCRS|GEOGRAPHICCRS|COMPOUNDCRS|BOUNDCRS|VERTCRS|ENGCRS)\s*\[/;
const CODE_PAGE = /^[A-Za-z0-9_.:-]{1,40}$/;
const JAVA_NUMBER = /^(-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?|NaN|-?Infinity|-?INF)$/;

const baseName = (fileName?: string) => (fileName ?? '').split(/[\\/]/).pop() ?? '';

export function sniffText(text: string, fileName?: string): TextMatch | null {
  const body = text.replace(/^\uFEFF/, '');
  // The last line of a head may be cut; only complete lines are judged (unless the head is the whole file).
  const lines = body.split('\n').map((line) => line.replace(/\r$/, ''));
  const firstLine = lines.find((line) => line.trim() !== '');
  if (firstLine === undefined) return null;

  if (LOG_LINE.test(firstLine)) return { tag: 'log' };
  if (WKT.test(body)) return { tag: 'shapefile', shapefilePart: /\.qpj$/i.test(baseName(fileName)) ? 'qpj' : 'prj' };
  if (/\.cpg$/i.test(baseName(fileName)) && CODE_PAGE.test(body.trim())) return { tag: 'shapefile', shapefilePart: 'cpg' };

  const delimiter = detectDelimiter(firstLine);
  const columns = firstLine.split(delimiter).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
  const kinds = tableKindsOf(columns);
  if (kinds.length === 1) return { tag: kinds[0]! };
  if (kinds.length > 1) return { tag: perModeKind(lines.slice(lines.indexOf(firstLine) + 1), delimiter, fileName) };

  if (isExperiencedPlansScores(lines)) return { tag: 'experienced_plans_scores' };
  return null;
}

/**
 * modestats.txt, pkm_modestats.txt and modeChoiceCoverage share the header `Iteration\t<modes>`. Shares are Java
 * doubles (`1.0`) while passenger-km are integers; only shares vs coverage needs the file name.
 */
function perModeKind(dataLines: string[], delimiter: string, fileName?: string): TableKind {
  const name = baseName(fileName);
  const values = dataLines
    .filter((line) => line.trim() !== '')
    .slice(0, 20)
    .flatMap((line) => line.split(delimiter).slice(1))
    .filter((cell) => cell.trim() !== '');
  if (values.length > 0) {
    if (values.every((cell) => /^-?\d+$/.test(cell.trim()))) return 'pkm_modestats';
    return /modeChoiceCoverage/i.test(name) ? 'modeChoiceCoverage' : 'modestats';
  }
  if (/pkm_modestats/i.test(name)) return 'pkm_modestats';
  if (/modeChoiceCoverage/i.test(name)) return 'modeChoiceCoverage';
  return 'modestats';
}

/** `<person id>\t<score>\t<score>…` per line: no header, every cell after the first a number. */
function isExperiencedPlansScores(lines: string[]): boolean {
  const complete = lines.length > 1 ? lines.slice(0, -1) : lines;
  const rows = complete.filter((line) => line.trim() !== '').slice(0, 50);
  return (
    rows.length > 0 &&
    rows.every((line) => {
      const cells = line.split('\t');
      return cells.length >= 2 && /^\S+$/.test(cells[0]!) && cells.slice(1).every((cell) => JAVA_NUMBER.test(cell.trim()));
    })
  );
}
