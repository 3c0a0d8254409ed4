/**
 * What a photo's first bytes say it is: the contract's rule, the server's too. Its own segment, not the
 * shared/api barrel's, so the task photo modal loads it with the first photo picked (the barrel is in
 * the entry bundle, and all it re-exports lands there).
 */
export { PHOTO_SIGNATURE_BYTES, sniffPhotoType, type PhotoType } from '@contract/tasks/photo-type';
