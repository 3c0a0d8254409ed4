export { nextTaskAction, taskLink, taskText, unclaimedCount, type TaskAction } from './lib/task-rules';
export {
  $tasks,
  $tasksLoadFailed,
  $tasksLoaded,
  $tasksLoading,
  $unclaimedCount,
  taskUpdated,
  tasksRequested,
} from './model/tasks';
export { onProofSent } from './model/proof-sent';
export * as taskModel from './model';
