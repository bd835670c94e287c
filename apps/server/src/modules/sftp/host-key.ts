/** The SFTP server's host key: an Ed25519 key made at the first start with SFTP on, kept in `DATA_DIR/sftp/`. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ssh2 from 'ssh2';

export const HOST_KEY_FILE = 'ssh_host_ed25519_key';

export async function hostKey(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, 'sftp', HOST_KEY_FILE);
  const existing = await readFile(file).catch(() => undefined);
  if (existing) return existing;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const pair = ssh2.utils.generateKeyPairSync('ed25519');
  // 'wx': two servers starting on one DATA_DIR keep the first one's key.
  await writeFile(file, pair.private, { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return readFile(file);
}
