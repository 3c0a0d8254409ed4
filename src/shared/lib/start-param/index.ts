import { ACTIVATION_CODE_PATTERN, FARM_START_PREFIX, readRefCode } from '@contract/constants';

/**
 * What a launch start parameter carries (docs/foundations.md §7): `farm_<code>` is a farming link's activation
 * code, a well-formed ref code (the contract's readRefCode: exactly what the server issues) a
 * referrer's. Anything else — TON Connect's `tonconnect-…` return links, a parameter longer than a
 * code, characters a code never has — is neither, and nothing is sent for it.
 */
export type StartParam = { kind: 'farm'; code: string } | { kind: 'ref'; code: string };

export function readStartParam(startParam: string | null | undefined): StartParam | null {
  if (!startParam) return null;
  if (startParam.startsWith(FARM_START_PREFIX)) {
    const code = startParam.slice(FARM_START_PREFIX.length);
    // A malformed farm code is not a ref code either: the link was a farm link.
    return ACTIVATION_CODE_PATTERN.test(code) ? { kind: 'farm', code } : null;
  }
  const code = readRefCode(startParam);
  return code === null ? null : { kind: 'ref', code };
}

/** The referrer's code of a launch: the start parameter when it is a ref code (upper-cased), else null. */
export function refCodeOf(startParam: string | null | undefined): string | null {
  const param = readStartParam(startParam);
  return param?.kind === 'ref' ? param.code : null;
}

/** The activation code of a launch: `?farm_code=` in the page's query (docs/product.md §2), else `farm_<code>`. */
export function farmCodeOf(search: string, startParam: string | null | undefined): string | null {
  const fromQuery = new URLSearchParams(search).get('farm_code');
  if (fromQuery !== null && ACTIVATION_CODE_PATTERN.test(fromQuery)) return fromQuery;
  const param = readStartParam(startParam);
  return param?.kind === 'farm' ? param.code : null;
}
