import { TASK_LINK_MAX_LENGTH } from '@/shared/api';

/**
 * Why a pasted link cannot be sent as proof (the server's rule, docs/foundations.md §4 / docs/decisions.md "Tasks (server)"): it
 * must be a whole http(s) URL, at most TASK_LINK_MAX_LENGTH characters, to one of the task's allowed
 * hosts or a subdomain of one (no hosts listed: any).
 */
export type LinkProblem = { kind: 'invalid' } | { kind: 'too_long'; max: number } | { kind: 'host'; hosts: string[] };

const hostAllowed = (host: string, allowed: readonly string[]): boolean =>
  allowed.length === 0 ||
  allowed.some((entry) => {
    const wanted = entry.toLowerCase().replace(/\.$/, '');
    return host === wanted || host.endsWith(`.${wanted}`);
  });

/** The link as it will be sent (surrounding spaces dropped). */
export const cleanLink = (text: string): string => text.trim();

/** null when the link can be sent; an empty field is not a problem yet (Send just stays off). */
export function linkProblem(text: string, allowedHosts: readonly string[]): LinkProblem | null {
  const link = cleanLink(text);
  if (link === '') return null;
  if (link.length > TASK_LINK_MAX_LENGTH) return { kind: 'too_long', max: TASK_LINK_MAX_LENGTH };
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { kind: 'invalid' };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '' || /\s/.test(link)) {
    return { kind: 'invalid' };
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!hostAllowed(host, allowedHosts)) return { kind: 'host', hosts: [...allowedHosts] };
  return null;
}
