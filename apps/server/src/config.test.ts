import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_MATSIM_RELEASE_URL, DEFAULT_MAX_UPLOAD_BYTES, DEFAULT_SCENARIO_TEMPLATES_URL, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the defaults and treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: ' ' });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      databaseUrl: null,
      publicUrl: null,
      licensePublicKey: null,
      matsimReleaseUrl: DEFAULT_MATSIM_RELEASE_URL,
      logLevel: 'info',
    });
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads every variable from the environment', () => {
    const pem = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u:p@db/corridor',
      PUBLIC_URL: 'https://corridor.example.org/',
      LICENSE_PUBLIC_KEY: pem,
      MATSIM_RELEASE_URL: 'https://mirror.example.org/{version}.zip',
      LOG_LEVEL: 'warn',
    });
    expect(config.port).toBe(9000);
    expect(config.publicUrl?.origin).toBe('https://corridor.example.org');
    expect(config.licensePublicKey?.asymmetricKeyType).toBe('ed25519');
    expect(config.logLevel).toBe('warn');
  });

  it('names every invalid variable', () => {
    const load = () =>
      loadConfig({ PORT: 'eighty', MATSIM_RELEASE_URL: 'https://x/latest.zip', DATABASE_URL: 'mysql://x' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT/);
    expect(load).toThrow(/MATSIM_RELEASE_URL: must contain the placeholder \{version\}/);
    expect(load).toThrow(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
  });

  it('reads the upload limit and the scenario template address', () => {
    expect(loadConfig({})).toMatchObject({ maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES, scenarioTemplatesUrl: DEFAULT_SCENARIO_TEMPLATES_URL });
    expect(DEFAULT_MAX_UPLOAD_BYTES).toBe(2 * 1024 ** 3);
    const config = loadConfig({ MAX_UPLOAD_BYTES: '1048576', SCENARIO_TEMPLATES_URL: 'http://mirror.local/scenarios//' });
    expect(config).toMatchObject({ maxUploadBytes: 1048576, scenarioTemplatesUrl: 'http://mirror.local/scenarios' });
    expect(() => loadConfig({ MAX_UPLOAD_BYTES: '0' })).toThrow(/MAX_UPLOAD_BYTES/);
    expect(() => loadConfig({ SCENARIO_TEMPLATES_URL: 'ftp://x' })).toThrow(/SCENARIO_TEMPLATES_URL/);
  });

  it('reads TRUST_PROXY as a list of proxy addresses, ranges or range names, empty by default', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16 ::1 fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    // Trusting every peer would let any client choose its address.
    for (const value of ['true', '*', '10.0.0.0/33', 'proxy.example.org']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: must list the proxy's addresses/);
    }
  });

  it('reads STORAGE_URL and the S3 variables, local disk by default, naming what is wrong', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    const keys = { AWS_ACCESS_KEY_ID: 'AKIA1', AWS_SECRET_ACCESS_KEY: 'secret' };
    // An S3-compatible server: path-style and a default region.
    expect(loadConfig({ STORAGE_URL: 's3://corridor-files/prod//blobs/', S3_ENDPOINT: 'http://minio:9000', ...keys }).storage).toEqual({
      kind: 's3',
      bucket: 'corridor-files',
      prefix: 'prod/blobs/',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret' },
    });
    // AWS S3: the region is needed; credentials may come from the SDK's own chain (a role).
    expect(loadConfig({ STORAGE_URL: 's3://bucket.example', AWS_REGION: 'eu-central-1' }).storage).toMatchObject({
      prefix: '',
      endpoint: null,
      region: 'eu-central-1',
      forcePathStyle: false,
      credentials: null,
    });
    expect(loadConfig({ STORAGE_URL: 's3://b12', AWS_ENDPOINT_URL_S3: 'https://s3.example.org', S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({
      endpoint: 'https://s3.example.org',
      forcePathStyle: false,
    });
    expect(() => loadConfig({ STORAGE_URL: 'file:///srv/files' })).toThrow(/STORAGE_URL: must be s3:\/\/bucket or s3:\/\/bucket\/prefix/);
    expect(() => loadConfig({ STORAGE_URL: 's3://My_Bucket' })).toThrow(/STORAGE_URL/);
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket' })).toThrow(/AWS_REGION: required with STORAGE_URL on AWS S3/);
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', S3_ENDPOINT: 'http://x:9000', AWS_ACCESS_KEY_ID: 'a' })).toThrow(
      /AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: set both, or neither/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://x:9000' })).toThrow(/S3_ENDPOINT: only used with STORAGE_URL/);
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });

  it('refuses a licence public key that is neither PEM nor a file', () => {
    expect(() => loadConfig({ LICENSE_PUBLIC_KEY: '/no/such/key.pem' })).toThrow(/LICENSE_PUBLIC_KEY/);
  });
});
