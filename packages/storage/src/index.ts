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
  type StorageContext,
} from './signed-path.ts';
export { checkStorageEnv, createStorage, storageEnv, type StorageConfig } from './config.ts';
