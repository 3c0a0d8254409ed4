export { bytesToBase64, readBase64Fx } from './base64';
