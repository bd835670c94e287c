/**
 * An S3-compatible server (s3rver) in its own process for the storage tests and the storage benchmark (started by
 * s3-server.ts): HTTP on a free loopback port, objects in the folder it is given, one bucket made at start, requests
 * signed with the S3RVER/S3RVER key pair. Exits when the parent goes away.
 */
import { createRequire } from 'node:module';

const S3rver = createRequire(import.meta.url)('s3rver');
const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
const { port } = await server.run();
process.send?.({ type: 'ready', port });
process.on('disconnect', () => process.exit(0));
