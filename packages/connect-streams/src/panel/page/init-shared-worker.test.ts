import { describe, expect, it } from 'vitest';
import { initSharedWorker, type InitSharedWorkerParams } from './init-shared-worker';

const PARAMS: InitSharedWorkerParams = {
  sharedWorkerUrl: '/worker.js',
  authToken: 'tok',
  refreshToken: 'ref',
  authTokenExpiration: '2030-01-01T00:00:00Z',
  region: 'us-east-1',
};

describe('initSharedWorker parameters (spec §5)', () => {
  for (const name of [
    'sharedWorkerUrl',
    'authToken',
    'refreshToken',
    'authTokenExpiration',
    'region',
  ] as const) {
    it(`requires ${name}`, () => {
      expect(() => initSharedWorker({ ...PARAMS, [name]: undefined })).toThrow(
        `params.${name} must be provided`,
      );
    });
  }
});
