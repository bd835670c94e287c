/**
 * This installation's own Ed25519 key pair, which signs community licences. Generated on first use into
 * DATA_DIR/keys/ with the private key readable by the owner only.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface KeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export class InstallationKeys {
  private pair: Promise<KeyPair> | undefined;

  constructor(private readonly dataDir: string) {}

  get(): Promise<KeyPair> {
    this.pair ??= this.loadOrCreate().catch((err: unknown) => {
      this.pair = undefined; // let a later call retry, e.g. after a permissions fix
      throw err;
    });
    return this.pair;
  }

  private async loadOrCreate(): Promise<KeyPair> {
    const dir = path.join(this.dataDir, 'keys');
    const privatePath = path.join(dir, 'community-private.pem');
    const publicPath = path.join(dir, 'community-public.pem');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    try {
      const privateKey = createPrivateKey(await readFile(privatePath, 'utf8'));
      return { privateKey, publicKey: createPublicKey(privateKey) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    // 'wx' fails if another process created the key meanwhile; then use theirs instead of overwriting it.
    try {
      await writeFile(privatePath, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      return this.loadOrCreate();
    }
    await writeFile(publicPath, publicKey.export({ type: 'spki', format: 'pem' }));
    return { privateKey, publicKey };
  }
}
