/**
 * What a Slurm runner must remember across its own restarts, in `{work}/slurm-jobs/`: its runner id (so the server
 * keeps its jobs) and, per claimed job, the job as claimed, the Slurm job id once submitted, whether STARTED was
 * reported, and how much of Slurm's output file reached the run's log. A restarted runner reads them and follows
 * the jobs again: no second submission, no orphan. Written atomically (temp file, rename).
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ClaimedJob } from '@corridor/contract';

export interface SlurmRecord {
  job: ClaimedJob;
  /** Part of the Slurm job's --comment (script.ts jobComment). */
  nonce: string;
  /** Set once sbatch answered. */
  slurmJobId?: string;
  started: boolean;
  /** Bytes of Slurm's output file already handed to the run's log. */
  logOffset: number;
}

const RUNNER_ID_FILE = 'runner-id';

export class SlurmRecords {
  readonly dir: string;

  constructor(workDir: string) {
    this.dir = path.join(workDir, 'slurm-jobs');
  }

  private file(jobId: number): string {
    return path.join(this.dir, `job-${jobId}.json`);
  }

  async save(record: SlurmRecord): Promise<void> {
    await this.write(this.file(record.job.jobId), JSON.stringify(record));
  }

  async remove(jobId: number): Promise<void> {
    await rm(this.file(jobId), { force: true });
  }

  /** Every job a previous runner process left; unreadable records are reported and skipped. */
  async all(onBad: (file: string, error: unknown) => void): Promise<SlurmRecord[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const records: SlurmRecord[] = [];
    for (const name of names.filter((n) => /^job-\d+\.json$/.test(n)).sort()) {
      try {
        const raw = JSON.parse(await readFile(path.join(this.dir, name), 'utf8'));
        records.push({ job: ClaimedJob.parse(raw.job), nonce: String(raw.nonce ?? ''), slurmJobId: typeof raw.slurmJobId === 'string' ? raw.slurmJobId : undefined, started: raw.started === true, logOffset: Number(raw.logOffset) || 0 });
      } catch (error) {
        onBad(name, error);
      }
    }
    return records;
  }

  async runnerId(): Promise<string | undefined> {
    const text = await readFile(path.join(this.dir, RUNNER_ID_FILE), 'utf8').catch(() => '');
    return text.trim() || undefined;
  }

  async saveRunnerId(id: string): Promise<void> {
    await this.write(path.join(this.dir, RUNNER_ID_FILE), `${id}\n`);
  }

  private async write(file: string, text: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, text);
    await rename(temp, file);
  }
}
