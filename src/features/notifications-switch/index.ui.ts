/* The slice's view, for views that load on demand (docs/performance.md "Bundle"). */
export { NotificationsSwitch } from './ui/notifications-switch';
