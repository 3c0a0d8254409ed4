import type { CallRoute } from '../route';

/** The tasks calls: method, path below /api, bearer token or not, success status (no zod: the client sends them). */
export const tasksRoutes = {
  taskList: { method: 'GET', path: '/task/list', auth: true, status: 200 },
  taskStart: { method: 'POST', path: '/task/start', auth: true, status: 200 },
  taskValidate: {
    method: 'POST',
    path: '/task/validate',
    auth: true,
    status: 200,
  },
  taskClaim: { method: 'POST', path: '/task/claim', auth: true, status: 200 },
} as const satisfies Record<string, CallRoute>;
