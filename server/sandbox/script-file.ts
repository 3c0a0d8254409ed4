import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ServerFile, serverFile } from '../lib/files';

/**
 * A sandbox script (the dev wallet's, the phone wallet's, the formatter) as the browser should keep it:
 * read per request, so editing it needs no restart, and revalidated with an ETag of its content, so a
 * reopened Mini App gets 304 instead of the whole script again (no-cache alone made every launch
 * download it, which the launch benchmark then counted as the app's).
 */
export async function sendScriptFile(request: FastifyRequest, reply: FastifyReply, path: ServerFile) {
  const script = await readFile(serverFile(path));
  const etag = `"${createHash('sha256').update(script).digest('base64url').slice(0, 27)}"`;
  reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(script);
}
