import type { Migration } from 'kysely';
import * as jobs from './0001-jobs';
import * as accounts from './0002-accounts';
import * as organizations from './0003-organizations';
import * as documents from './0004-documents';
import * as tags from './0005-tags';
import * as taggingRules from './0006-tagging-rules';
import * as search from './0007-search';
import * as taggingRuleRuns from './0008-tagging-rule-runs';
import * as tagNameKeys from './0009-tag-name-keys';
import * as searchLetterFolds from './0010-search-letter-folds';
import * as documentsListIndexes from './0011-documents-list-indexes';
import * as documentsExtractionState from './0012-documents-extraction-state';
import * as jobsClaimIndex from './0013-jobs-claim-index';
import * as documentsCounts from './0014-documents-counts';
import * as searchWordsAndTags from './0015-search-words-and-tags';
import * as webhooks from './0016-webhooks';
import * as intakeEmails from './0017-intake-emails';
import * as subscriptions from './0018-subscriptions';
import * as searchNamesOnRename from './0019-search-names-on-rename';
import * as accountSecurity from './0020-account-security';
import * as documentDatesPropertiesNotes from './0021-document-dates-properties-notes';
import * as notesSearch from './0022-notes-search';
import * as searchRanking from './0023-search-ranking';
import * as taggingRuleActions from './0024-tagging-rule-actions';
import * as bulkTasks from './0025-bulk-tasks';
import * as savedViews from './0026-saved-views';
import * as shareLinks from './0027-share-links';
import * as documentsLookupIndexes from './0028-documents-lookup-indexes';
import * as documentPreviews from './0029-document-previews';
import * as documentEmailAttachments from './0030-document-email-attachments';
import * as documentThumbnails from './0031-document-thumbnails';
import * as ingestionFolders from './0032-ingestion-folders';
import * as paperlessImports from './0033-paperless-imports';
import * as renderedThumbnails from './0034-rendered-thumbnails';

/** Every migration, in order. Names are stored in the `kysely_migration` table. */
export const migrations: Record<string, Migration> = {
  '0001-jobs': jobs,
  '0002-accounts': accounts,
  '0003-organizations': organizations,
  '0004-documents': documents,
  '0005-tags': tags,
  '0006-tagging-rules': taggingRules,
  '0007-search': search,
  '0008-tagging-rule-runs': taggingRuleRuns,
  '0009-tag-name-keys': tagNameKeys,
  '0010-search-letter-folds': searchLetterFolds,
  '0011-documents-list-indexes': documentsListIndexes,
  '0012-documents-extraction-state': documentsExtractionState,
  '0013-jobs-claim-index': jobsClaimIndex,
  '0014-documents-counts': documentsCounts,
  '0015-search-words-and-tags': searchWordsAndTags,
  '0016-webhooks': webhooks,
  '0017-intake-emails': intakeEmails,
  '0018-subscriptions': subscriptions,
  '0019-search-names-on-rename': searchNamesOnRename,
  '0020-account-security': accountSecurity,
  '0021-document-dates-properties-notes': documentDatesPropertiesNotes,
  '0022-notes-search': notesSearch,
  '0023-search-ranking': searchRanking,
  '0024-tagging-rule-actions': taggingRuleActions,
  '0025-bulk-tasks': bulkTasks,
  '0026-saved-views': savedViews,
  '0027-share-links': shareLinks,
  '0028-documents-lookup-indexes': documentsLookupIndexes,
  '0029-document-previews': documentPreviews,
  '0030-document-email-attachments': documentEmailAttachments,
  '0031-document-thumbnails': documentThumbnails,
  '0032-ingestion-folders': ingestionFolders,
  '0033-paperless-imports': paperlessImports,
  '0034-rendered-thumbnails': renderedThumbnails,
};
