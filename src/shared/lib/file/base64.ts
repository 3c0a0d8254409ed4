import { createEffect } from 'effector';

/** Standard, padded base64 of raw bytes (btoa takes a binary string; built in chunks to spare the stack). */
export function bytesToBase64(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

/** A file's content as base64 (a photo proof travels in JSON). */
export const readBase64Fx = createEffect(async (blob: Blob) => bytesToBase64(new Uint8Array(await blob.arrayBuffer())));
