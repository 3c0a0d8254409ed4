/**
 * Paths read before the router exists: index.html's inline launch script (src/shared/launch/boot.ts)
 * paints the first look only on the dashboard's path. The route table (./index.ts) uses the same.
 */
export const DASHBOARD_PATH = '/';
