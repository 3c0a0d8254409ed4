export {
  $firstCheckDone,
  $isUnderMaintenance,
  appAvailable,
  pollingStarted,
  pollingStopped,
} from './model/maintenance';
export { MaintenanceScreen } from './ui/maintenance-screen';
