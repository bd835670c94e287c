/**
 * The version and build date the help page and the system information show (docs/decisions.md, "System
 * information, metrics and help"): the server package's version, and when the served web app was built (the
 * modification time of its `index.html`; null without a build).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SERVER_PACKAGE = path.join(import.meta.dirname, '../../../package.json');

export interface BuildInfo {
  version: string;
  buildDate: string | null;
}

export function readBuildInfo(webDist: string): BuildInfo {
  const { version } = JSON.parse(readFileSync(SERVER_PACKAGE, 'utf8')) as { version?: string };
  let buildDate: string | null = null;
  try {
    buildDate = statSync(path.join(webDist, 'index.html')).mtime.toISOString();
  } catch {
    // No web build (API-only start, tests): no build date.
  }
  return { version: version ?? '0.0.0', buildDate };
}
