import { detectDocumentDate, numericDateOrderOf } from '@sheaf/contracts/document-dates';
import { ID_RANDOM_LENGTH, type IdPrefix } from '@sheaf/contracts/ids';
import type { PropertyValue } from '@sheaf/contracts/properties';
import { DEMO_INTAKE_EMAILS_DOMAIN } from './constants';
import { sha256Hex } from './documents';
import { makeTextPdf } from './pdf';
import { makePalettePng } from './png';
import { DEMO_STATE_VERSION, type DemoState, type DocumentRow } from './state';

/** Seed ids are fixed, so a reset gives the same organization back (the app remembers the last one). */
const seedId = (prefix: IdPrefix | 'act' | 'dt', n: number) =>
  `${prefix}_demo${String(n).padStart(ID_RANDOM_LENGTH - 4, '0')}`;

export const DEMO_ORGANIZATION_ID = seedId('org', 1);
export const DEMO_USER = { id: seedId('usr', 1), email: 'demo@sheaf.example', name: 'Demo user' };

const TAGS = [
  {
    key: 'invoices',
    name: 'Invoices',
    color: '#4d7cff',
    description: 'Bills from suppliers and tradespeople',
  },
  { key: 'bills', name: 'Bills', color: '#ffa24d', description: 'Utilities and subscriptions' },
  { key: 'contracts', name: 'Contracts', color: '#a77bff', description: null },
  { key: 'insurance', name: 'Insurance', color: '#5fd4c5', description: null },
  { key: 'taxes', name: 'Taxes', color: '#ff5c5c', description: 'Everything the tax office may ask for' },
  { key: 'health', name: 'Health', color: '#7fd962', description: null },
  { key: 'home', name: 'Home', color: '#7cc7ff', description: 'The apartment on Rue des Lilas' },
  { key: 'receipts', name: 'Receipts', color: '#ff7ac6', description: null },
] as const;

type TagKey = (typeof TAGS)[number]['key'];

type SeedDocument = {
  name: string;
  daysAgo: number;
  tags: TagKey[];
  /** A document date someone typed in (this many days before now); else the one detected in its text. */
  userDateDaysAgo?: number;
} & (
  | { kind: 'pdf'; title: string; paragraphs: string[] }
  | { kind: 'text'; text: string }
  | { kind: 'image' }
);

const DOCUMENTS: SeedDocument[] = [
  {
    kind: 'pdf',
    name: 'Invoice 2025-0117 - Northwind Plumbing.pdf',
    daysAgo: 2,
    tags: ['invoices', 'home'],
    title: 'Northwind Plumbing - Invoice 2025-0117',
    paragraphs: [
      'Billed to: Demo user, 14 Rue des Lilas, 69003 Lyon.',
      'Replacement of the thermostatic valve on the bathroom radiator, parts and labour: 184.00 EUR.',
      'Annual boiler service and safety check: 96.00 EUR. Total due: 280.00 EUR, payable within 30 days.',
    ],
  },
  {
    kind: 'pdf',
    name: 'Electricity bill - March 2025.pdf',
    daysAgo: 9,
    tags: ['bills', 'home'],
    title: 'Helios Energy - Electricity bill',
    paragraphs: [
      'Billing period: 1 March to 31 March 2025. Meter reading: 48213 kWh.',
      'Consumption this month: 312 kWh at 0.2016 EUR per kWh. Subscription: 12.44 EUR.',
      'Amount debited on 15 April: 75.34 EUR. Thank you for choosing green electricity.',
    ],
  },
  {
    kind: 'pdf',
    name: 'Apartment lease agreement.pdf',
    daysAgo: 41,
    tags: ['contracts', 'home'],
    userDateDaysAgo: 45,
    title: 'Residential lease agreement',
    paragraphs: [
      'Between the landlord, Mrs. Hélène Dubois, and the tenant, Demo user.',
      'The apartment at 14 Rue des Lilas, third floor, is let unfurnished for a term of three years.',
      'Monthly rent: 1,150.00 EUR plus 90.00 EUR of service charges. Security deposit: one month of rent.',
    ],
  },
  {
    kind: 'pdf',
    name: 'Car insurance policy 2025.pdf',
    daysAgo: 63,
    tags: ['insurance', 'contracts'],
    title: 'Aegis Mutual - Motor insurance certificate',
    paragraphs: [
      'Policy number AM-7734-2291. Insured vehicle: hatchback, registration GH-412-KT.',
      'Cover: comprehensive, including windscreen breakage and roadside assistance.',
      'Annual premium: 642.00 EUR, paid in twelve monthly instalments. No-claims bonus: 50 percent.',
    ],
  },
  {
    kind: 'pdf',
    name: 'Payslip - February 2025.pdf',
    daysAgo: 48,
    tags: ['taxes'],
    title: 'Payslip - February 2025',
    paragraphs: [
      'Employer: Contoso Logistics. Employee: Demo user. Position: operations analyst.',
      'Gross salary: 3,400.00 EUR. Social contributions: 748.00 EUR. Net pay before tax: 2,652.00 EUR.',
      'Paid leave remaining: 17.5 days.',
    ],
  },
  {
    kind: 'pdf',
    name: 'Tax return summary 2024.pdf',
    daysAgo: 75,
    tags: ['taxes'],
    title: 'Income tax return - summary 2024',
    paragraphs: [
      'Declared income: 40,800.00 EUR. Deductions for donations and home services: 1,120.00 EUR.',
      'Tax already withheld at source: 3,215.00 EUR. Refund expected in August: 186.00 EUR.',
    ],
  },
  {
    kind: 'pdf',
    name: 'Dentist receipt - Dr Lefèvre.pdf',
    daysAgo: 16,
    tags: ['health', 'receipts'],
    title: 'Cabinet dentaire Dr Amélie Lefèvre',
    paragraphs: [
      'Consultation and scaling on 3 April 2025. Fee: 58.00 EUR, paid by card.',
      'Reimbursable by the health insurance fund: 70 percent. Next check-up in six months.',
    ],
  },
  {
    kind: 'pdf',
    name: 'Washing machine warranty.pdf',
    daysAgo: 120,
    tags: ['home'],
    title: 'Extended warranty certificate',
    paragraphs: [
      'Product: front-loading washing machine, 8 kg, serial number WM8-55120-B.',
      'Purchased on 12 December 2024. Manufacturer warranty: 2 years; extended warranty: 3 more years.',
      'Keep this certificate with the original receipt for any repair request.',
    ],
  },
  {
    kind: 'pdf',
    name: 'Internet subscription contract.pdf',
    daysAgo: 200,
    tags: ['contracts', 'bills'],
    title: 'Fibre internet subscription',
    paragraphs: [
      'Offer: fibre 2 Gbit/s with landline and TV, 34.99 EUR per month, no commitment.',
      'Router rental included. Installation appointment confirmed for the morning of 6 October.',
    ],
  },
  {
    kind: 'pdf',
    name: 'Café Müller - catering quote.pdf',
    daysAgo: 5,
    tags: ['invoices'],
    title: 'Café Müller - Catering quote',
    paragraphs: [
      'Birthday brunch for 20 guests on Saturday 24 May: croissants, quiches, fruit salad and crème brûlée.',
      'Price per guest: 24.50 EUR, drinks included. A deposit of 30 percent confirms the booking.',
    ],
  },
  {
    kind: 'pdf',
    name: 'Gym membership.pdf',
    daysAgo: 150,
    tags: ['health', 'contracts'],
    title: 'Membership agreement - Riverside Fitness',
    paragraphs: [
      'Annual membership with access to the pool, classes and sauna. Monthly fee: 39.00 EUR.',
      'Membership may be cancelled with one month of notice after the first year.',
    ],
  },
  {
    kind: 'pdf',
    name: 'Bank statement - April 2025.pdf',
    daysAgo: 1,
    tags: [],
    title: 'Bank statement - April 2025',
    paragraphs: [
      'Account ending in 4417. Opening balance: 2,904.12 EUR. Closing balance: 3,318.57 EUR.',
      'Largest debits: rent 1,240.00 EUR, groceries 386.20 EUR, Northwind Plumbing 280.00 EUR.',
    ],
  },
  {
    kind: 'image',
    name: 'Pharmacy receipt (scan).png',
    daysAgo: 12,
    tags: ['receipts', 'health'],
    userDateDaysAgo: 13,
  },
  {
    kind: 'text',
    name: 'Moving checklist.txt',
    daysAgo: 30,
    tags: ['home'],
    text: [
      'Moving checklist',
      '',
      '- Forward the mail to the new address',
      '- Transfer the electricity contract to Helios Energy',
      '- Book the removal van for Saturday morning',
      '- Measure the bookshelf before the move',
      '- Keep the lease agreement and inventory at hand',
    ].join('\n'),
  },
];

/** A receipt-like picture: white paper, a pink header, grey lines of print. */
function receiptPng(): Uint8Array {
  return makePalettePng({
    width: 180,
    height: 260,
    palette: [
      [236, 236, 232],
      [255, 255, 255],
      [255, 122, 198],
      [120, 120, 120],
    ],
    pixel: (x, y) => {
      if (x < 20 || x >= 160 || y < 10 || y >= 250) return 0;
      if (y >= 18 && y < 40 && x >= 32 && x < 148) return 2;
      const line = (y - 56) % 14;
      const width = 60 + ((y * 37) % 60);
      return y >= 56 && y < 236 && line < 5 && x >= 32 && x < 32 + width ? 3 : 1;
    },
  });
}

function fileOf(document: SeedDocument): { bytes: Uint8Array; mimeType: string; content: string } {
  switch (document.kind) {
    case 'pdf':
      return {
        bytes: makeTextPdf(document),
        mimeType: 'application/pdf',
        content: [document.title, ...document.paragraphs].join('\n'),
      };
    case 'text':
      return {
        bytes: new TextEncoder().encode(document.text),
        mimeType: 'text/plain',
        content: document.text,
      };
    case 'image':
      return { bytes: receiptPng(), mimeType: 'image/png', content: '' };
  }
}

/**
 * Custom properties (issue 29) and their values on a few documents (by their index in DOCUMENTS):
 * an amount, a due date, a status and whether it is paid.
 */
function seedProperties(
  organizationId: string,
  at: (days: number) => string,
): Pick<DemoState, 'propertyDefinitions' | 'documentPropertyValues'> {
  const created = at(200);
  const day = (daysAgo: number) => at(daysAgo).slice(0, 10);
  const [amount, dueDate, status, paid] = [1, 2, 3, 4].map((n) => seedId('prop', n)) as [
    string,
    string,
    string,
    string,
  ];
  const [toReview, inProgress, done] = [1, 2, 3].map((n) => seedId('opt', n)) as [string, string, string];
  const definition = (
    id: string,
    fields: Pick<DemoState['propertyDefinitions'][number], 'name' | 'type' | 'description'> &
      Partial<Pick<DemoState['propertyDefinitions'][number], 'options' | 'currency'>>,
  ) => ({
    id,
    organizationId,
    options: [],
    currency: null,
    createdAt: created,
    updatedAt: created,
    ...fields,
  });
  const values: [documentIndex: number, propertyId: string, value: PropertyValue][] = [
    [0, amount, { amount: 280, currency: 'EUR' }],
    [0, dueDate, day(-28)],
    [0, status, done],
    [0, paid, true],
    [1, amount, { amount: 75.34, currency: 'EUR' }],
    [1, dueDate, day(-6)],
    [1, status, done],
    [1, paid, true],
    [3, amount, { amount: 642, currency: 'EUR' }],
    [3, status, inProgress],
    [6, amount, { amount: 58, currency: 'EUR' }],
    [6, paid, true],
    [8, amount, { amount: 34.99, currency: 'EUR' }],
    [9, amount, { amount: 490, currency: 'EUR' }],
    [9, dueDate, day(-19)],
    [9, status, toReview],
    [9, paid, false],
  ];
  return {
    propertyDefinitions: [
      definition(amount, {
        name: 'Amount',
        type: 'monetary',
        description: 'Total with taxes',
        currency: 'EUR',
      }),
      definition(dueDate, { name: 'Due date', type: 'date', description: 'When it must be paid' }),
      definition(status, {
        name: 'Status',
        type: 'select',
        description: null,
        options: [
          { id: toReview, name: 'To review', color: '#ffa24d' },
          { id: inProgress, name: 'In progress', color: '#7cc7ff' },
          { id: done, name: 'Done', color: '#7fd962' },
        ],
      }),
      definition(paid, { name: 'Paid', type: 'boolean', description: null }),
    ],
    documentPropertyValues: values.map(([documentIndex, propertyId, value]) => ({
      organizationId,
      documentId: seedId('doc', documentIndex + 1),
      propertyId,
      value,
    })),
  };
}

/**
 * A seeded document's date: the one typed in for it (source 'user'), else the first date of its text
 * as the extraction detects it (source 'detected'), else none.
 */
function seedDocumentDate(
  seed: SeedDocument,
  content: string,
  now: Date,
): Pick<DocumentRow, 'documentDate' | 'documentDateSource'> {
  if (seed.userDateDaysAgo !== undefined) {
    const date = new Date(now.getTime() - seed.userDateDaysAgo * 24 * 3600 * 1000);
    return { documentDate: date.toISOString().slice(0, 10), documentDateSource: 'user' };
  }
  const detected = detectDocumentDate({
    text: content,
    fileName: seed.name,
    order: numericDateOrderOf(null),
    today: now.toISOString().slice(0, 10),
  });
  return { documentDate: detected, documentDateSource: detected === null ? null : 'detected' };
}

/** The demo's starting point: a signed-in owner and an organization with a believable archive. */
export async function createSeed(now: Date): Promise<{ state: DemoState; files: [string, Blob][] }> {
  const at = (days: number, minutes = 0) =>
    new Date(now.getTime() - days * 24 * 3600 * 1000 - minutes * 60 * 1000).toISOString();
  const organizationId = DEMO_ORGANIZATION_ID;
  const member = { id: seedId('usr', 2), email: 'alex.martin@sheaf.example', name: 'Alex Martin' };
  const tagIds = new Map(TAGS.map(({ key }, index) => [key, seedId('tag', index + 1)]));
  const tagId = (key: TagKey) => tagIds.get(key) ?? '';

  const state: DemoState = {
    version: DEMO_STATE_VERSION,
    currentUserId: DEMO_USER.id,
    users: [
      { ...DEMO_USER, createdAt: at(240) },
      { ...member, createdAt: at(180) },
    ],
    organizations: [
      {
        id: organizationId,
        name: 'Demo household',
        createdAt: at(240),
        updatedAt: at(240),
        deletedAt: null,
        scheduledPurgeAt: null,
        requiresTwoFactor: false,
      },
    ],
    members: [
      { id: seedId('mem', 1), organizationId, userId: DEMO_USER.id, role: 'owner', createdAt: at(240) },
      { id: seedId('mem', 2), organizationId, userId: member.id, role: 'admin', createdAt: at(180) },
    ],
    invitations: [
      {
        id: seedId('inv', 1),
        organizationId,
        email: 'sam.taylor@sheaf.example',
        role: 'member',
        status: 'pending',
        createdAt: at(3),
        updatedAt: at(3),
        expiresAt: at(-4),
      },
    ],
    documents: [],
    tags: TAGS.map(({ key, name, color, description }) => ({
      id: tagId(key),
      organizationId,
      name,
      color,
      description,
      createdAt: at(230),
      updatedAt: at(230),
    })),
    documentTags: [],
    taggingRules: [
      {
        id: seedId('tr', 1),
        organizationId,
        name: 'Invoices by name',
        description: 'Tags every document whose name mentions an invoice.',
        conditions: [{ field: 'name', operator: 'contains', value: 'invoice' }],
        tagIds: [tagId('invoices')],
        enabled: true,
        conditionMatchMode: 'all',
        latestRun: null,
        createdAt: at(220),
        updatedAt: at(220),
      },
    ],
    activities: [],
    apiKeys: [],
    webhooks: [
      {
        id: seedId('wbh', 1),
        organizationId,
        name: 'Accounting sync',
        url: 'https://hooks.sheaf.example/accounting',
        enabled: true,
        events: ['document:created', 'document:tag:added'],
        secret: null,
        lastTriggeredAt: null,
        createdAt: at(90),
        updatedAt: at(90),
      },
    ],
    intakeEmails: [
      {
        id: seedId('ie', 1),
        emailAddress: `household.k7m2q9@${DEMO_INTAKE_EMAILS_DOMAIN}`,
        isEnabled: true,
        allowedOrigins: [DEMO_USER.email],
        organizationId,
        createdAt: at(100),
        updatedAt: at(100),
      },
    ],
    notes: [],
    ...seedProperties(organizationId, at),
  };

  const files: [string, Blob][] = [];
  let activityNumber = 0;
  const activity = (entry: Omit<DemoState['activities'][number], 'id' | 'organizationId'>) => {
    activityNumber += 1;
    state.activities.push({ id: seedId('act', activityNumber), organizationId, ...entry });
  };

  await Promise.all(
    DOCUMENTS.map(async (seed, index) => {
      const { bytes, mimeType, content } = fileOf(seed);
      const id = seedId('doc', index + 1);
      const createdAt = at(seed.daysAgo, index * 7);
      const document: DocumentRow = {
        id,
        organizationId,
        name: seed.name,
        originalName: seed.name,
        originalSize: bytes.byteLength,
        originalSha256: await sha256Hex(bytes),
        mimeType,
        content,
        extractionStatus: 'done',
        createdAt,
        updatedAt: null,
        deletedAt: null,
        deletedBy: null,
        ...seedDocumentDate(seed, content, now),
      };
      state.documents[index] = document;
      files.push([id, new Blob([bytes.slice().buffer], { type: mimeType })]);
    }),
  );

  DOCUMENTS.forEach((seed, index) => {
    const document = state.documents[index];
    if (!document) return;
    const fromIntake = seed.kind === 'image';
    activity({
      documentId: document.id,
      event: 'created',
      eventData: fromIntake
        ? { intakeEmail: { from: DEMO_USER.email, emailAddress: state.intakeEmails[0]?.emailAddress ?? '' } }
        : null,
      tagId: null,
      userId: fromIntake ? null : DEMO_USER.id,
      createdAt: document.createdAt,
    });
    seed.tags.forEach((key, tagIndex) => {
      const linkedAt = new Date(Date.parse(document.createdAt) + (tagIndex + 1) * 60_000).toISOString();
      state.documentTags.push({
        id: seedId('dt', state.documentTags.length + 1),
        documentId: document.id,
        tagId: tagId(key),
        createdAt: linkedAt,
      });
      activity({
        documentId: document.id,
        event: 'tagged',
        eventData: null,
        tagId: tagId(key),
        userId: index % 3 === 0 ? member.id : DEMO_USER.id,
        createdAt: linkedAt,
      });
    });
  });
  const renamed = state.documents[1];
  if (renamed) {
    renamed.updatedAt = at(8);
    activity({
      documentId: renamed.id,
      event: 'updated',
      eventData: { updatedFields: ['name'] },
      tagId: null,
      userId: member.id,
      createdAt: at(8),
    });
  }
  // Notes by both members, one with a link, each with its `note_added` entry.
  const seedNotes: { documentIndex: number; authorId: string; content: string; createdAt: string }[] = [
    {
      documentIndex: 0,
      authorId: DEMO_USER.id,
      content: 'Paid by bank transfer on the 14th.\nReference on the statement: NWP-2025-0117',
      createdAt: at(1, 30),
    },
    {
      documentIndex: 0,
      authorId: member.id,
      content:
        'The new valve has a 2-year warranty, conditions here: https://northwind-plumbing.example/warranty',
      createdAt: at(0, 90),
    },
    {
      documentIndex: 2,
      authorId: member.id,
      content: 'Ask Mrs. Dubois when the deposit will be returned before we move out.',
      createdAt: at(35),
    },
  ];
  seedNotes.forEach(({ documentIndex, authorId, content, createdAt }, index) => {
    const document = state.documents[documentIndex];
    if (!document) return;
    const id = seedId('note', index + 1);
    state.notes.push({
      id,
      organizationId,
      documentId: document.id,
      authorId,
      content,
      createdAt,
      updatedAt: null,
    });
    activity({
      documentId: document.id,
      event: 'note_added',
      eventData: { noteId: id },
      tagId: null,
      userId: authorId,
      createdAt,
    });
  });
  return { state, files };
}
