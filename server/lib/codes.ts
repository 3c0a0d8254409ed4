import { randomInt } from 'node:crypto';
import { REF_CODE_ALPHABET } from '@contract';

/** A random code without look-alike characters (mint and stake numbers users read and type). */
export function randomCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i++) code += REF_CODE_ALPHABET[randomInt(REF_CODE_ALPHABET.length)];
  return code;
}

/** Unix seconds now: the clock mint and staking rules run on (injectable where time matters). */
export const unixNow = (): number => Math.floor(Date.now() / 1000);
