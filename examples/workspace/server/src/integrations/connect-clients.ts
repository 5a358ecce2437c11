// The AWS SDK clients of the contact centre, one per region (Amazon Connect, Contact Lens on its
// own endpoint, and S3 for the call-recordings bucket), and how a failed call becomes an API
// error: 404 for a missing resource, 502 otherwise (logged; a refused signature or key says so,
// since only the server's configuration can fix it); without an endpoint configured, 503.
// Against AWS only the Connect endpoint is set (Contact Lens and S3 use the SDK's endpoints);
// against the emulator all three point at it.
import { ConnectClient } from '@aws-sdk/client-connect';
import { ConnectContactLensClient } from '@aws-sdk/client-connect-contact-lens';
import { S3Client } from '@aws-sdk/client-s3';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { ApiError } from '../lib/errors';
import { MESSAGES } from '../lib/messages';

/**
 * The error codes with which Amazon Connect, Contact Lens (REST-JSON) and S3 (XML) refuse a request
 * for its signature or access key rather than for what it asks: a wrong secret, an unknown or
 * inactive key, a signature scoped to another region, or a clock more than 15 minutes off.
 */
const CREDENTIAL_REFUSALS: ReadonlySet<string> = new Set([
  'InvalidSignatureException',
  'UnrecognizedClientException',
  'IncompleteSignatureException',
  'MissingAuthenticationTokenException',
  'InvalidClientTokenId',
  'ExpiredTokenException',
  'SignatureDoesNotMatch',
  'InvalidAccessKeyId',
  'AuthorizationHeaderMalformed',
  'RequestTimeTooSkewed',
]);

/** The SDK clients, per region, and the call wrapper. */
export class ConnectClients {
  private readonly clients = new Map<string, ConnectClient>();
  private readonly lensClients = new Map<string, ConnectContactLensClient>();
  private readonly s3Clients = new Map<string, S3Client>();

  constructor(
    private readonly config: Config['connect'],
    private readonly log: Logger,
  ) {}

  private clientOptions(region: string) {
    if (!this.config.endpoint)
      throw new ApiError(503, 'contact_centre_unavailable', MESSAGES.contactCentreUnavailable);
    return {
      endpoint: this.config.endpoint,
      region: region || this.config.region,
      // Without a configured key pair, the SDK's default chain (a role on AWS).
      ...(this.config.credentials ? { credentials: this.config.credentials } : {}),
      maxAttempts: 2,
    };
  }

  /** The Amazon Connect client of a region. */
  client(region: string): ConnectClient {
    let client = this.clients.get(region);
    if (!client) {
      client = new ConnectClient(this.clientOptions(region));
      this.clients.set(region, client);
    }
    return client;
  }

  /** The Contact Lens client of a region. */
  lens(region: string): ConnectContactLensClient {
    let client = this.lensClients.get(region);
    if (!client) {
      const { endpoint: _connect, ...options } = this.clientOptions(region);
      const endpoint = this.config.lensEndpoint;
      client = new ConnectContactLensClient(endpoint ? { ...options, endpoint } : options);
      this.lensClients.set(region, client);
    }
    return client;
  }

  /** The S3 client of the call-recordings bucket in a region (path-style on a set endpoint). */
  s3(region: string): S3Client {
    let client = this.s3Clients.get(region);
    if (!client) {
      const { endpoint: _connect, ...options } = this.clientOptions(region);
      const endpoint = this.config.recordingsS3Endpoint;
      client = new S3Client(endpoint ? { ...options, endpoint, forcePathStyle: true } : options);
      this.s3Clients.set(region, client);
    }
    return client;
  }

  /**
   * Runs an SDK call, turning its failures into API errors: 404 for a missing resource, 502
   * `contact_centre_credentials` naming the refusal when the contact centre refused the server's
   * credentials, 502 `contact_centre_error` otherwise.
   */
  async call<T>(operation: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const name = (error as { name?: string }).name ?? 'Error';
      if (name === 'ResourceNotFoundException' || name === 'ContactNotFoundException')
        throw new ApiError(404, 'not_found', `${operation}: ${(error as Error).message}`);
      if (CREDENTIAL_REFUSALS.has(name)) {
        this.log.error(
          { operation, error: name, message: (error as Error).message },
          'the contact centre refused the server credentials: check CONNECT_ACCESS_KEY_ID, CONNECT_SECRET_ACCESS_KEY, CONNECT_REGION and the clock',
        );
        throw new ApiError(
          502,
          'contact_centre_credentials',
          MESSAGES.contactCentreCredentials(name),
        );
      }
      this.log.warn(
        { operation, error: name, message: (error as Error).message },
        'contact centre call failed',
      );
      throw new ApiError(502, 'contact_centre_error', MESSAGES.contactCentreUnavailable);
    }
  }

  /** Closes every client. */
  close(): void {
    for (const client of this.clients.values()) client.destroy();
    for (const client of this.lensClients.values()) client.destroy();
    for (const client of this.s3Clients.values()) client.destroy();
  }
}
