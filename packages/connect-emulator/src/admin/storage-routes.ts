/**
 * The instance storage operations of the admin API: ListInstanceStorageConfigs and
 * DescribeInstanceStorageConfig. Call recordings are stored in the instance's S3 bucket (served
 * by the emulator under `/s3`) at the prefix every recording's `Location` starts with; the other
 * resource types have no storage configured.
 */
import { createHash } from 'node:crypto';
import { recordingBucket, recordingPrefix } from '../media/media-store';
import { AdminApiError } from './errors';
import { compact, pageOf, queryInt, type AdminScope, type Route } from './route-kit';

/** The resource types of instance storage configs. */
const RESOURCE_TYPES = [
  'CHAT_TRANSCRIPTS',
  'CALL_RECORDINGS',
  'SCHEDULED_REPORTS',
  'MEDIA_STREAMS',
  'CONTACT_TRACE_RECORDS',
  'AGENT_EVENTS',
  'REAL_TIME_CONTACT_ANALYSIS_SEGMENTS',
  'ATTACHMENTS',
  'CONTACT_EVALUATIONS',
  'SCREEN_RECORDINGS',
  'REAL_TIME_CONTACT_ANALYSIS_CHAT_SEGMENTS',
  'REAL_TIME_CONTACT_ANALYSIS_VOICE_SEGMENTS',
  'EMAIL_MESSAGES',
];

/** The required `resourceType` query parameter. */
function resourceType(query: URLSearchParams): string {
  const value = query.get('resourceType');
  if (value === null || value === '')
    throw new AdminApiError('InvalidParameterException', 'resourceType is required');
  if (!RESOURCE_TYPES.includes(value))
    throw new AdminApiError(
      'InvalidParameterException',
      `resourceType must be one of ${RESOURCE_TYPES.join(', ')}`,
    );
  return value;
}

/** ListInstanceStorageConfigs and DescribeInstanceStorageConfig. */
export function storageRoutes(scope: AdminScope): Record<string, Route> {
  const { info, checkInstance, notFound } = scope;
  const recordings = () => ({
    AssociationId: createHash('sha256').update(`${info.instanceId}/CALL_RECORDINGS`).digest('hex'),
    StorageType: 'S3',
    S3Config: {
      BucketName: recordingBucket(info.instanceId),
      BucketPrefix: recordingPrefix(info.alias),
      EncryptionConfig: {
        EncryptionType: 'KMS',
        KeyId: `arn:aws:kms:${info.region}:${info.accountId}:alias/aws/connect`,
      },
    },
  });
  const configsOf = (type: string) => (type === 'CALL_RECORDINGS' ? [recordings()] : []);
  return {
    'GET instance/*/storage-configs': ({ params, query }) => {
      checkInstance(params[0]);
      const { page, NextToken } = pageOf(
        configsOf(resourceType(query)),
        query.get('nextToken'),
        queryInt(query, 'maxResults'),
      );
      return compact({ StorageConfigs: page, NextToken });
    },
    'GET instance/*/storage-config/*': ({ params, query }) => {
      checkInstance(params[0]);
      const config = configsOf(resourceType(query)).find((c) => c.AssociationId === params[1]);
      return { StorageConfig: config ?? notFound('Storage config', params[1] ?? '') };
    },
  };
}
