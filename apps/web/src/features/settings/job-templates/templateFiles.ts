/**
 * The job template editor's additional files (spec 3 §2.14), pure: the files as edited, the request entries, the
 * uploader's count rule (spec 3 §5) and the file tree of what lands next to the config.
 */
import { JOB_FILE_UPLOAD, type JobFile, type JobTemplate, type SaveJobTemplateRequest } from '@corridor/contract';

/** One file of the template as the editor holds it. */
export interface TemplateFileValue {
  fileId: number;
  /** Where it lands next to the config (a relative path). */
  name: string;
  extractArchive: boolean;
}

/** Whether a file is a zip: the job file list says so; a file not listed there goes by its name. */
export function isZip(fileId: number, name: string, jobFiles: readonly JobFile[] | undefined): boolean {
  return jobFiles?.find((file) => file.id === fileId)?.zip ?? name.toLowerCase().endsWith('.zip');
}

export function filesOf(template: JobTemplate): TemplateFileValue[] {
  return template.files.map((file) => ({ fileId: file.fkUserFile, name: file.name, extractArchive: file.extractArchive }));
}

export function filesRequest(files: readonly TemplateFileValue[]): SaveJobTemplateRequest['files'] {
  return files.map((file) => ({ fkUserFile: file.fileId, name: file.name, extractArchive: file.extractArchive }));
}

export function sameFiles(a: readonly TemplateFileValue[], b: readonly TemplateFileValue[]): boolean {
  return JSON.stringify(filesRequest(a)) === JSON.stringify(filesRequest(b));
}

/** Adds a file (by id and name) unless the template has it already. */
export function withFile(files: readonly TemplateFileValue[], file: { id: number; name: string }): TemplateFileValue[] {
  if (files.some((entry) => entry.fileId === file.id)) return [...files];
  return [...files, { fileId: file.id, name: file.name, extractArchive: false }];
}

/** The uploader's count rule: at least 1, at most 5 files per upload (spec 3 §5, §9). */
export type UploadCountProblem = { code: 'tooFew' | 'tooMany'; count: number } | null;

export function uploadCountProblem(selected: number, limits: { min: number; max: number } = JOB_FILE_UPLOAD): UploadCountProblem {
  if (selected < limits.min) return { code: 'tooFew', count: limits.min };
  if (selected > limits.max) return { code: 'tooMany', count: limits.max };
  return null;
}

/** A node of the preview: a folder with children, a file, or an extracted zip. */
export interface TreeNode {
  name: string;
  kind: 'folder' | 'file' | 'extracted' | 'config';
  children: TreeNode[];
}

/**
 * What lands next to the config: the config, then the template's files by their paths, folders first, then by
 * name. A zip to extract stands for its entries in the folder of its name.
 */
export function fileTree(files: readonly TemplateFileValue[], configName = 'config.xml'): TreeNode[] {
  const root: TreeNode = { name: '', kind: 'folder', children: [{ name: configName, kind: 'config', children: [] }] };
  for (const file of files) {
    const parts = file.name.split('/').filter((part) => part !== '');
    if (parts.length === 0) continue;
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.children.find((child) => child.kind === 'folder' && child.name === part);
      if (!next) folder.children.push((next = { name: part, kind: 'folder', children: [] }));
      folder = next;
    }
    folder.children.push({ name: parts.at(-1)!, kind: file.extractArchive ? 'extracted' : 'file', children: [] });
  }
  return sorted(root).children;
}

function sorted(node: TreeNode): TreeNode {
  const rank = (n: TreeNode) => (n.kind === 'config' ? 0 : n.kind === 'folder' ? 1 : 2);
  const children = node.children.map(sorted).sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  return { ...node, children };
}
