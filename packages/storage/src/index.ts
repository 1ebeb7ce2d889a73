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
export { LocalStorage, localStagingDir, type LocalStorageOptions } from './local-storage.ts';
export { s3Client, S3Storage, type S3Credentials, type S3StorageOptions } from './s3-storage.ts';
export { copyBucket, type BucketLocation, type CopyReport } from './copy-bucket.ts';
export {
  isValidPathSignature,
  pathSigningSecret,
  signPath,
  type PathSignature,
  type StorageContext,
} from './signed-path.ts';
export { checkStorageEnv, createStorage, storageEnv, type StorageConfig } from './config.ts';
export { makeOwnedWorkDir, removeOrphanedWorkDirs, type WorkDirPrefix } from './work-dirs.ts';
