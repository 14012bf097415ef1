import type { ApiKeyDto } from '@sheaf/contracts/api-keys';
import type { SortOrder } from '@sheaf/contracts/document-filter-rules';
import type {
  DocumentActivityEvent,
  DocumentActivityEventData,
  ExtractionStatus,
} from '@sheaf/contracts/documents';
import type { IntakeEmailDto } from '@sheaf/contracts/intake-emails';
import type { InvitationRole, InvitationStatus } from '@sheaf/contracts/invitations';
import type { OrganizationDto } from '@sheaf/contracts/organizations';
import type { MemberRole } from '@sheaf/contracts/permissions';
import type { PropertyOptionDto, PropertyType, PropertyValue } from '@sheaf/contracts/properties';
import type { SavedViewFilters, SavedViewVisibility } from '@sheaf/contracts/saved-views';
import type {
  TaggingRuleCondition,
  TaggingRuleMatchMode,
  TaggingRuleRunDto,
} from '@sheaf/contracts/tagging-rules';
import type { WebhookEvent } from '@sheaf/contracts/webhooks';

/** The demo's whole database: plain data, kept in IndexedDB as one value (files apart, as Blobs). */
export type DemoState = {
  version: typeof DEMO_STATE_VERSION;
  /** The signed-in user (the demo user, an owner). */
  currentUserId: string;
  users: { id: string; email: string; name: string; createdAt: string }[];
  organizations: OrganizationDto[];
  members: { id: string; organizationId: string; userId: string; role: MemberRole; createdAt: string }[];
  invitations: {
    id: string;
    organizationId: string;
    email: string;
    role: InvitationRole;
    status: InvitationStatus;
    createdAt: string;
    updatedAt: string;
    expiresAt: string;
  }[];
  documents: DocumentRow[];
  tags: {
    id: string;
    organizationId: string;
    name: string;
    color: string;
    description: string | null;
    createdAt: string;
    updatedAt: string;
  }[];
  documentTags: { id: string; documentId: string; tagId: string; createdAt: string }[];
  taggingRules: {
    id: string;
    organizationId: string;
    name: string;
    description: string | null;
    conditions: TaggingRuleCondition[];
    tagIds: string[];
    enabled: boolean;
    conditionMatchMode: TaggingRuleMatchMode;
    latestRun: TaggingRuleRunDto | null;
    createdAt: string;
    updatedAt: string;
  }[];
  activities: {
    id: string;
    organizationId: string;
    documentId: string;
    event: DocumentActivityEvent;
    eventData: DocumentActivityEventData | null;
    tagId: string | null;
    userId: string | null;
    createdAt: string;
  }[];
  apiKeys: (ApiKeyDto & { userId: string })[];
  webhooks: {
    id: string;
    organizationId: string;
    name: string;
    url: string;
    enabled: boolean;
    events: WebhookEvent[];
    secret: string | null;
    lastTriggeredAt: string | null;
    createdAt: string;
    updatedAt: string;
  }[];
  intakeEmails: IntakeEmailDto[];
  /** Notes on documents, oldest first by `createdAt`. */
  notes: {
    id: string;
    organizationId: string;
    documentId: string;
    /** The author; a note whose author is no longer among `users` shows no author. */
    authorId: string | null;
    content: string;
    createdAt: string;
    /** Null until edited. */
    updatedAt: string | null;
  }[];
  /** Custom property definitions; `options` in their order, [] but for selects. */
  propertyDefinitions: {
    id: string;
    organizationId: string;
    name: string;
    type: PropertyType;
    description: string | null;
    options: PropertyOptionDto[];
    currency: string | null;
    createdAt: string;
    updatedAt: string;
  }[];
  /** Documents' property values: one entry per document and property (a multi select's ids in one). */
  documentPropertyValues: {
    organizationId: string;
    documentId: string;
    propertyId: string;
    value: PropertyValue;
  }[];
  /** Saved views (issue 30); absent in a state saved before them. Pins and defaults are the demo user's. */
  savedViews?: {
    id: string;
    organizationId: string;
    visibility: SavedViewVisibility;
    ownerId: string | null;
    name: string;
    filters: SavedViewFilters;
    sort: string | null;
    order: SortOrder | null;
    columns: string[];
    /** Tag and property names when saved, by id. */
    referenceNames: Record<string, string>;
    isPinned: boolean;
    isDefault: boolean;
    createdAt: string;
    updatedAt: string;
  }[];
};

export type DocumentRow = {
  id: string;
  organizationId: string;
  name: string;
  originalName: string;
  originalSize: number;
  originalSha256: string;
  mimeType: string;
  content: string;
  extractionStatus: ExtractionStatus;
  createdAt: string;
  updatedAt: string | null;
  deletedAt: string | null;
  deletedBy: string | null;
  /** The date the document is about ('YYYY-MM-DD'), or null. */
  documentDate: string | null;
  /** 'detected' (read at extraction), 'user' (set or cleared by someone: extraction leaves it), or null. */
  documentDateSource: 'detected' | 'user' | null;
};

/** 2: issue 29's notes (and properties, dates); a state saved by version 1 is seeded again. */
export const DEMO_STATE_VERSION = 2;

/** Where the demo keeps its state and files: IndexedDB in the browser, memory in tests. */
export type DemoPersistence = {
  loadState: () => Promise<DemoState | undefined>;
  saveState: (state: DemoState) => Promise<void>;
  loadFile: (documentId: string) => Promise<Blob | undefined>;
  saveFiles: (files: [documentId: string, file: Blob][]) => Promise<void>;
  deleteFiles: (documentIds: string[]) => Promise<void>;
  /** Forgets everything (the demo's Reset). */
  clear: () => Promise<void>;
};

export function createMemoryPersistence(): DemoPersistence {
  let saved: DemoState | undefined;
  const files = new Map<string, Blob>();
  return {
    loadState: async () => (saved ? structuredClone(saved) : undefined),
    saveState: async (state) => {
      saved = structuredClone(state);
    },
    loadFile: async (documentId) => files.get(documentId),
    saveFiles: async (entries) => {
      for (const [documentId, file] of entries) files.set(documentId, file);
    },
    deleteFiles: async (documentIds) => {
      for (const documentId of documentIds) files.delete(documentId);
    },
    clear: async () => {
      saved = undefined;
      files.clear();
    },
  };
}
