/**
 * link: the proof is an http(s) URL whose host is one of the task's allowed hosts or a subdomain of
 * one (no allowed hosts: any host). Answers the URL as it will be stored and shown to the operator.
 */
import { ValidationError, fieldError } from '../../lib/errors';

const refuse = (code: 'taskLinkInvalid' | 'taskLinkHost', params?: Record<string, string>): never => {
  throw new ValidationError([fieldError('link', code, params)]);
};

export function readLink(text: string, allowedHosts: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return refuse('taskLinkInvalid');
  }
  // Credentials in a link only serve to disguise its host (https://t.me@evil.example).
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) {
    return refuse('taskLinkInvalid');
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const allowed = allowedHosts.length === 0 || allowedHosts.some((h) => host === h || host.endsWith(`.${h}`));
  if (!allowed) return refuse('taskLinkHost', { hosts: allowedHosts.join(', ') });
  return url.href;
}
