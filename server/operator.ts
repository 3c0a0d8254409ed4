/**
 * Operator commands against a running server's admin API:
 *   npm run operator -- maintenance on|off|status
 * Settings: API_URL (default http://127.0.0.1:$PORT, PORT default 8080), ADMIN_TOKEN (sandbox default).
 */
import { SANDBOX_ADMIN_TOKEN } from './config';

const USAGE = 'Usage: npm run operator -- maintenance on|off|status';

async function main(args: string[]): Promise<void> {
  const [command, action] = args;
  if (command !== 'maintenance' || !action || !['on', 'off', 'status'].includes(action)) {
    throw new Error(USAGE);
  }
  const apiUrl = (process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/+$/, '');
  const adminToken = process.env.ADMIN_TOKEN ?? SANDBOX_ADMIN_TOKEN;
  const response = await fetch(`${apiUrl}/api/admin/maintenance`, {
    method: action === 'status' ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(action === 'status' ? {} : { 'content-type': 'application/json' }),
    },
    body: action === 'status' ? undefined : JSON.stringify({ enabled: action === 'on' }),
    signal: AbortSignal.timeout(10_000),
  }).catch((error: unknown) => {
    throw new Error(`Cannot reach ${apiUrl}: ${error instanceof Error ? error.message : String(error)}`);
  });
  const body = (await response.json().catch(() => ({}))) as { enabled?: boolean; detail?: string; msg?: string };
  if (!response.ok) throw new Error(`${response.status}: ${body.msg ?? response.statusText}`);
  console.log(`Maintenance: ${body.enabled ? 'on' : 'off'} (${body.detail ?? ''})`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
