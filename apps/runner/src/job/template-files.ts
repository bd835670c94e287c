/**
 * The job template's files (`template: true` in the claimed job): each lands next to the config under exactly its
 * name, a relative path (`templateFileNameProblem`, the server's rule, checked again: a job may come from an older
 * server); a zip with `extractArchive` is extracted instead (archive.ts) into the folder its name names, and not
 * kept.
 */
import { access, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { templateFileNameProblem, type ClaimedJob } from '@corridor/contract';
import { ArchiveError, extractArchive, type ArchiveLimits } from './archive.ts';

type JobFile = ClaimedJob['files'][number];

/** Downloads one file to a path; false when the job was stopped meanwhile. Throws when the download failed. */
export type Fetch = (file: JobFile, target: string) => Promise<boolean>;

/**
 * Stages the template's files into `inputDir` (archives pass through `archiveDir`). Answers the plain files with
 * their paths, or null when the job was stopped. Throws with a message for the job's end.
 */
export async function stageTemplateFiles(
  files: readonly JobFile[],
  dirs: { inputDir: string; archiveDir: string },
  fetch: Fetch,
  limits?: ArchiveLimits,
): Promise<(JobFile & { path: string })[] | null> {
  const staged: (JobFile & { path: string })[] = [];
  for (const file of files) {
    const problem = templateFileNameProblem(file.name);
    if (problem) throw new Error(`The job template's file name "${file.name}" ${problem}.`);
    if (file.extractArchive) {
      const zip = path.join(dirs.archiveDir, `${file.fileId}.zip`);
      await mkdir(dirs.archiveDir, { recursive: true });
      if (!(await fetch(file, zip))) return null;
      // Into the folder of its name: "tools.zip" next to the config, "lib/tools.zip" into lib/.
      const into = path.join(dirs.inputDir, path.posix.dirname(file.name));
      await mkdir(into, { recursive: true });
      try {
        await extractArchive(zip, into, limits);
      } catch (error) {
        if (error instanceof ArchiveError) throw new Error(`The archive ${file.name} could not be extracted: ${error.message}.`);
        throw error;
      }
      await rm(zip, { force: true });
      continue;
    }
    const target = path.join(dirs.inputDir, file.name);
    if (await exists(target)) throw new Error(`The job template's file ${file.name} would replace a file extracted before it.`);
    await mkdir(path.dirname(target), { recursive: true });
    if (!(await fetch(file, target))) return null;
    staged.push({ ...file, path: target });
  }
  return staged;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
