export {
  isConnectDomain,
  requestStorageAccessUrlFor,
  StorageAccess,
  storageAccessParamsSchema,
} from './storage-access';
export type {
  ResolvedStorageAccessParams,
  StorageAccessCallbacks,
  StorageAccessMessage,
  StorageAccessParams,
  WindowLike,
} from './storage-access';
