/** Real MATSim inputs and outputs live in ../shared/data beside the repository (never copied into it). */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED_DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));

export function sharedData(path: string): string {
  return join(SHARED_DATA, path);
}

/** A config_v2 file around the given modules, as bytes for readConfig. */
export const configText = (modules: string) =>
  Buffer.from(`<?xml version="1.0" ?>\n<!DOCTYPE config SYSTEM "http://www.matsim.org/files/dtd/config_v2.dtd">\n<config>\n${modules}\n</config>\n`);

/** One `<module>` with params (and parametersets as text). */
export const module = (name: string, params: Record<string, string>, sets = '') =>
  `<module name="${name}">${Object.entries(params).map(([k, v]) => `<param name="${k}" value="${v}" />`).join('')}${sets}</module>`;

/** The two inputs every config needs. */
export const BASE = module('network', { inputNetworkFile: 'n.xml' }) + module('plans', { inputPlansFile: 'p.xml' });
