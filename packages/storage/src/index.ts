export {
  assertValidKey,
  attachmentDisposition,
  ObjectNotFoundError,
  ObjectTooLargeError,
  type ObjectStat,
  type ObjectStorage,
  type PutOptions,
  type SignedUrlOptions,
} from './storage.ts';
export { LocalStorage, type LocalStorageOptions } from './local-storage.ts';
export { S3Storage, type S3StorageOptions } from './s3-storage.ts';
export {
  isValidPathSignature,
  pathSigningSecret,
  signPath,
  type PathSignature,
} from './signed-path.ts';
export {
  checkStorageEnv,
  createStorage,
  storageEnv,
  type StorageConfig,
  type StorageContext,
} from './config.ts';
