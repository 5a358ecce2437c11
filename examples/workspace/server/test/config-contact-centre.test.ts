// The contact centre's configuration: against AWS only the Connect endpoint is set (Contact Lens
// and S3 use the SDK's own endpoints, the panel is the instance's site, and without a key pair
// the SDK's default chain signs); against the emulator every endpoint and the panel point at it.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('contact-centre configuration', () => {
  it('an AWS Connect endpoint leaves Contact Lens, S3 and the panel to AWS', () => {
    const { connect } = loadConfig({
      DATA_DIR: 'memory://',
      CONNECT_ENDPOINT: 'https://connect.eu-west-2.amazonaws.com',
      CONNECT_REGION: 'eu-west-2',
    });
    expect(connect).toMatchObject({
      endpoint: 'https://connect.eu-west-2.amazonaws.com',
      region: 'eu-west-2',
      lensEndpoint: undefined,
      recordingsS3Endpoint: undefined,
      publicUrl: undefined,
    });
  });

  it("no key pair: the SDK's default credential chain (a role on AWS); half a pair is refused", () => {
    const base = {
      DATA_DIR: 'memory://',
      CONNECT_ENDPOINT: 'https://connect.eu-west-2.amazonaws.com',
    };
    expect(loadConfig(base).connect.credentials).toBeUndefined();
    expect(
      loadConfig({ ...base, CONNECT_ACCESS_KEY_ID: 'AKIAEXAMPLE', CONNECT_SECRET_ACCESS_KEY: 's' })
        .connect.credentials,
    ).toEqual({ accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 's' });
    expect(() => loadConfig({ ...base, CONNECT_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(
      /CONNECT_ACCESS_KEY_ID and CONNECT_SECRET_ACCESS_KEY: set both or neither/,
    );
  });

  it('the emulator: each endpoint as given, and its panel at the Connect endpoint', () => {
    const { connect } = loadConfig({
      DATA_DIR: 'memory://',
      CONNECT_ENDPOINT: 'http://127.0.0.1:4700/',
      CONTACT_LENS_ENDPOINT: 'http://127.0.0.1:4700',
      CONNECT_RECORDINGS_S3_ENDPOINT: 'http://127.0.0.1:4700/s3/',
    });
    expect(connect).toMatchObject({
      endpoint: 'http://127.0.0.1:4700',
      lensEndpoint: 'http://127.0.0.1:4700',
      recordingsS3Endpoint: 'http://127.0.0.1:4700/s3',
      publicUrl: 'http://127.0.0.1:4700',
    });
  });
});
