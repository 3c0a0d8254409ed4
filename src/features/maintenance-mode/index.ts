export { $isUnderMaintenance, appAvailable, pollingStarted } from './model/maintenance';
export { MaintenanceScreen } from './ui/maintenance-screen';
export * as maintenanceModel from './model/maintenance';
