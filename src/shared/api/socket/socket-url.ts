import { SOCKET_PATHS } from '@contract/constants';

/** ws(s)://<this host>/api/ws/<path>: the sockets live on the page's own origin (docs/foundations.md §1). */
export function socketUrl(path = ''): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${SOCKET_PATHS.main}${path.replace(/^\/+/, '')}`;
}
