import type { BulkAction, BulkSkipReason } from '@sheaf/contracts/bulk';

/** The translation key of an action's name ("Add tags"). */
export const actionLabelKey = (action: BulkAction) => `bulk.actions.${action}` as const;

/** The translation key of what an action did, with `count` ("Tagged 3 documents"). */
export const actionDoneKey = (action: BulkAction) => `bulk.done.${action}` as const;

/** The translation key of why a document was skipped. */
export const skipReasonKey = (reason: BulkSkipReason) => `bulk.skip-reasons.${reason}` as const;
