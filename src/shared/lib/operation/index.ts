/** A money operation of a user's history, in the app's words (the app's history, the console's user page). */
export {
  operationAmount,
  operationPlace,
  operationRef,
  operationTitle,
  type OperationPlaceKey,
  type OperationTitleKey,
} from './operation-row';
