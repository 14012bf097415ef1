import type { DocumentActivityEvent, DocumentActivityEventData } from '@sheaf/contracts/documents';
import type { Timestamp } from '../../db/database.types';

/** An entry of the documents activity log, as the module that makes the change gives it. */
export type NewDocumentActivity = {
  organizationId: string;
  documentId: string;
  event: DocumentActivityEvent;
  userId: string | null;
  tagId?: string | null;
  eventData?: DocumentActivityEventData | null;
  now: Timestamp;
};
