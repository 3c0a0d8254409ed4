/**
 * link: the proof is an http(s) URL whose host is one of the task's allowed hosts or a subdomain of
 * one (no allowed hosts: any host). Answers the URL as it will be stored and shown to the operator.
 */
import { VALIDATION_MESSAGES, fillText } from '@/shared/api/contract';
import { ValidationError } from '../../lib/errors';

const refuse = (message: string): never => {
  throw new ValidationError([{ path: 'link', message }]);
};

export function readLink(text: string, allowedHosts: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return refuse(VALIDATION_MESSAGES.taskLinkInvalid);
  }
  // Credentials in a link only serve to disguise its host (https://t.me@evil.example).
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) {
    return refuse(VALIDATION_MESSAGES.taskLinkInvalid);
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const allowed = allowedHosts.length === 0 || allowedHosts.some((h) => host === h || host.endsWith(`.${h}`));
  if (!allowed) return refuse(fillText(VALIDATION_MESSAGES.taskLinkHost, { hosts: allowedHosts.join(', ') }));
  return url.href;
}
