/**
 * The demo help desk every fresh sandbox starts with. Deterministic: fixed ids, and dates at fixed
 * offsets from SEED_EPOCH (2026-01-05T09:00:00Z), so tests and the README can rely on them.
 *
 * Users (password `demo`, e-mail `<name>@example.com`):
 *   1 admin  - administrator            3 agent2 - agent in Software (2) only
 *   2 agent  - agent in every category  4 user   - regular user
 */
import {
  type AssetRow,
  type AttachmentRow,
  type CommentRow,
  type CustomFieldRow,
  type CustomValues,
  emptyData,
  FieldType,
  FieldUsage,
  type SandboxData,
  TalepStatus,
  type TalepRow,
  type UserRow,
} from './model.js';
import { hashPassword } from './passwords.js';

export const SEED_EPOCH = Date.parse('2026-01-05T09:00:00Z');
export const DEMO_PASSWORD = 'demo';

/** ISO time `days` days and `hours` hours after the seed epoch. */
const at = (days: number, hours = 0) => new Date(SEED_EPOCH + days * 86_400_000 + hours * 3_600_000).toISOString();

export const SeedIds = {
  users: { admin: 1, agent: 2, agent2: 3, user: 4 },
  categories: { hardware: 1, software: 2, network: 3, officeSupplies: 4, internal: 5 },
  companies: { acme: 1, bogazici: 2 },
  departments: { it: 1, finance: 2 },
  rules: { tagPrinterTaleps: 1, escalateCritical: 2 },
} as const;

export function seedData(): SandboxData {
  const data = emptyData();
  const { users: u, categories: c } = SeedIds;

  data.sections = [
    { id: 1, name: 'IT Support' },
    { id: 2, name: 'Facilities' },
  ];
  data.categories = [
    { id: c.hardware, name: 'Hardware', sectionId: 1, forTechsOnly: false },
    { id: c.software, name: 'Software', sectionId: 1, forTechsOnly: false },
    { id: c.network, name: 'Network', sectionId: 1, forTechsOnly: false },
    { id: c.officeSupplies, name: 'Office Supplies', sectionId: 2, forTechsOnly: false },
    { id: c.internal, name: 'Internal Maintenance', sectionId: 2, forTechsOnly: true },
  ];
  data.priorities = [
    { id: -1, name: 'Low' },
    { id: 0, name: 'Normal' },
    { id: 1, name: 'High' },
    { id: 2, name: 'Critical' },
    { id: 10, name: 'VIP' },
  ];
  data.companies = [
    { id: 1, name: 'Acme Lojistik A.Ş.', emailDomain: 'example.com;acme.example', notes: 'Main customer.', customFields: { '16': 'C-2025-014', '18': '12' } },
    { id: 2, name: 'Boğaziçi Yazılım', emailDomain: null, notes: null, customFields: {} },
  ];
  data.departments = [
    { id: 1, name: 'IT' },
    { id: 2, name: 'Finance' },
  ];

  const allCategories = data.categories.map((category) => category.id);
  data.users = [
    demoUser({ id: u.admin, username: 'admin', firstName: 'Ayla', lastName: 'Demir', isAdmin: true, departmentId: 1, companyId: 1 }),
    demoUser({ id: u.agent, username: 'agent', firstName: 'Mehmet', lastName: 'Kaya', techCategoryIds: allCategories, departmentId: 1, companyId: 1,
      signature: 'Mehmet Kaya, IT Support', greeting: 'Merhaba #FirstName#,' }),
    demoUser({ id: u.agent2, username: 'agent2', firstName: 'Zeynep', lastName: 'Arslan', techCategoryIds: [c.software], departmentId: 1, companyId: 1 }),
    demoUser({ id: u.user, username: 'user', firstName: 'Can', lastName: 'Öztürk', departmentId: 2, companyId: 1, phone: '+90 212 555 0104',
      location: 'Istanbul, floor 3', customFields: { '11': 'E-1042', '12': '2024-03-01', '14': 'true' } }),
  ];

  data.customFields = seedCustomFields();
  data.tags = ['printer', 'vpn', 'remote', 'excel', 'hardware-request', 'license', 'maintenance', 'laptop', 'email', 'howto']
    .map((name, index) => ({ id: index + 1, name }));
  const tag = (name: string) => data.tags.find((row) => row.name === name)?.id ?? 0;

  data.taleps = [
    talep({ id: 1, subject: 'Printer on the 3rd floor keeps jamming', body: 'The HP printer next to the kitchen jams on every second page.',
      categoryId: c.hardware, submitterId: u.user, day: 0, tagIds: [tag('printer')], assetIds: [7] }),
    talep({ id: 2, subject: 'Cannot connect to the VPN from home', body: 'The VPN client says "error 809" since this morning.',
      categoryId: c.network, submitterId: u.user, day: 1, statusId: TalepStatus.InProgress, priorityId: 1, assigneeId: u.agent,
      tagIds: [tag('vpn'), tag('remote')], subscriberIds: [u.agent2], timeSpentSeconds: 1800, updatedByPerformer: true,
      integrations: { Jira: 'https://jira.example.com/browse/NET-42' } }),
    talep({ id: 3, subject: 'Excel crashes when opening large files', body: 'Any workbook over 20 MB crashes Excel on my laptop.',
      categoryId: c.software, submitterId: u.user, day: 2, statusId: TalepStatus.InProgress, assigneeId: u.agent2, tagIds: [tag('excel')],
      customFields: { '3': '1', '5': '1. Open Q4-report.xlsx\n2. Wait\n3. Excel closes', '4': 'true' }, timeSpentSeconds: 2700, updatedByPerformer: true,
      integrations: { Jira: 'https://jira.example.com/browse/SW-7', GitHub: 'https://github.com/example/office-addins/issues/12' } }),
    talep({ id: 4, subject: 'Request: a second monitor', body: 'Could I get a second monitor for spreadsheet work?',
      categoryId: c.officeSupplies, submitterId: u.user, day: 3, statusId: TalepStatus.Closed, assigneeId: u.agent, resolvedDay: 5,
      tagIds: [tag('hardware-request')], customFields: { '1': 'PO-88121' }, timeSpentSeconds: 900, updatedByPerformer: true }),
    talep({ id: 5, subject: 'Design software licence expires on Friday', body: 'Twelve seats of the design suite expire on 2026-01-16.',
      categoryId: c.software, submitterId: u.agent2, day: 4, priorityId: 2, dueDay: 11, tagIds: [tag('license')] }),
    talep({ id: 6, subject: 'Quarterly network maintenance', body: 'Umbrella talep for the Q1 maintenance window.',
      categoryId: c.network, submitterId: u.admin, day: 5, priorityId: -1, assigneeId: u.agent, tagIds: [tag('maintenance')], dueDay: 26 }),
    talep({ id: 7, subject: 'Upgrade the core switch firmware', body: 'Catalyst 9200 to the latest recommended release.',
      categoryId: c.network, submitterId: u.admin, day: 5, hour: 1, statusId: TalepStatus.InProgress, assigneeId: u.agent, parentId: 6,
      tagIds: [tag('maintenance')], assetIds: [13], updatedByPerformer: true }),
    talep({ id: 8, subject: 'Re-plan the Wi-Fi channels', body: 'Access points on floors 2 and 3 overlap.',
      categoryId: c.network, submitterId: u.admin, day: 5, hour: 2, parentId: 6, tagIds: [tag('maintenance')] }),
    talep({ id: 9, subject: 'Laptop battery drains in two hours', body: 'My ThinkPad battery lasts two hours at most. Sales demo on Monday!',
      categoryId: c.hardware, submitterId: u.user, day: 6, priorityId: 10, tagIds: [tag('laptop')], assetIds: [1], relatedTalepIds: [1] }),
    talep({ id: 10, subject: 'E-posta imzası güncellenmeli', body: 'Yeni unvanım e-posta imzamda görünmüyor.',
      categoryId: c.software, submitterId: u.user, day: 7, statusId: TalepStatus.Closed, assigneeId: u.agent2, resolvedDay: 8,
      tagIds: [tag('email')], subscriberIds: [u.agent], timeSpentSeconds: 600, updatedByPerformer: true }),
  ];
  // Links are kept on both sides.
  const talep1 = data.taleps[0];
  if (talep1) talep1.relatedTalepIds = [9];

  data.comments = seedComments();
  data.attachments = seedAttachments();
  data.articles = [
    { id: 1, categoryId: c.network, subject: 'How to connect to the VPN', body: '1. Install the VPN client.\n2. Sign in with your e-mail.\n3. Choose "Istanbul".',
      forTechsOnly: false, authorId: u.agent, dateCreated: at(-30), tagIds: [tag('vpn'), tag('howto')] },
    { id: 2, categoryId: c.hardware, subject: 'Clearing a printer jam', body: 'Open tray 2, pull the green lever, remove the paper slowly.',
      forTechsOnly: false, authorId: u.agent, dateCreated: at(-20), tagIds: [tag('printer'), tag('howto')] },
    { id: 3, categoryId: c.network, subject: 'Core switch recovery procedure', body: 'Console cable, ROMMON, boot the backup image. Agents only.',
      forTechsOnly: true, authorId: u.admin, dateCreated: at(-10), tagIds: [tag('maintenance')] },
  ];
  data.rules = [
    { id: SeedIds.rules.tagPrinterTaleps, name: 'Tag printer taleps', enabled: true, match: 'All',
      conditions: [{ field: 'Subject', operator: 'contains', value: 'printer' }],
      actions: [{ type: 'AddTag', value: 'printer' }] },
    { id: SeedIds.rules.escalateCritical, name: 'Escalate critical taleps to the agent', enabled: false, match: 'Any',
      conditions: [{ field: 'Priority', operator: 'equals', value: '2' }, { field: 'Subject', operator: 'contains', value: 'outage' }],
      actions: [{ type: 'AssignTo', value: String(u.agent) }, { type: 'AddTag', value: 'escalated' }] },
  ];
  data.commentTemplates = [
    { id: 1, name: 'Need more information', body: 'Could you send a screenshot of the error and the time it happened?' },
    { id: 2, name: 'Resolved, please confirm', body: 'We believe this is fixed. Reply within 3 days if it still happens.' },
  ];
  data.assets = seedAssets();

  for (const table of Object.keys(data.lastIds) as (keyof typeof data.lastIds)[]) {
    const rows = table === 'customFieldOptions' ? data.customFields.flatMap((field) => field.options) : data[table];
    data.lastIds[table] = rows.reduce((max, row) => Math.max(max, row.id), 0);
  }
  return data;
}

function demoUser(fields: Partial<UserRow> & Pick<UserRow, 'id' | 'username'>): UserRow {
  return {
    email: `${fields.username}@example.com`,
    firstName: null,
    lastName: null,
    phone: null,
    location: null,
    notes: null,
    companyId: null,
    departmentId: null,
    isAdmin: false,
    disabled: false,
    ...hashPassword(DEMO_PASSWORD),
    passwordVersion: 1,
    techCategoryIds: [],
    greeting: null,
    signature: null,
    outOfOffice: false,
    emailNotifications: true,
    lastSeen: at(7, 8),
    customFields: {},
    ...fields,
  };
}

interface TalepSeed extends Partial<Omit<TalepRow, 'issueDate' | 'lastUpdated' | 'dueDate' | 'resolvedDate'>> {
  id: number;
  subject: string;
  body: string;
  categoryId: number;
  submitterId: number;
  day: number;
  hour?: number;
  dueDay?: number;
  resolvedDay?: number;
}

function talep(seed: TalepSeed): TalepRow {
  const { day, hour = 0, dueDay, resolvedDay, ...fields } = seed;
  return {
    statusId: TalepStatus.New,
    priorityId: 0,
    origin: 0,
    assigneeId: null,
    secondaryAssigneeIds: [],
    issueDate: at(day, hour),
    lastUpdated: at(resolvedDay ?? day, hour + 3),
    dueDate: dueDay === undefined ? null : at(dueDay, 8),
    resolvedDate: resolvedDay === undefined ? null : at(resolvedDay, hour + 3),
    timeSpentSeconds: 0,
    updatedByPerformer: false,
    tagIds: [],
    subscriberIds: [],
    relatedTalepIds: [],
    parentId: null,
    assetIds: [],
    integrations: {},
    customFields: {},
    ...fields,
  };
}

function seedComments(): CommentRow[] {
  const { admin, agent, agent2, user } = SeedIds.users;
  const comment = (id: number, talepId: number, userId: number, day: number, hour: number, body: string, flags: Partial<CommentRow> = {}): CommentRow => ({
    id, talepId, userId, body, forTechsOnly: false, isSystem: false, date: at(day, hour), ...flags,
  });
  return [
    comment(1, 2, agent, 1, 1, 'Can you send a screenshot of the error?'),
    comment(2, 2, user, 1, 2, 'Attached. It says error 809.'),
    comment(3, 2, agent, 1, 3, 'Gateway certificate expired; renewing it tonight.', { forTechsOnly: true }),
    comment(4, 3, agent2, 2, 2, 'Please try the 64-bit build and tell me if it still crashes.'),
    comment(5, 3, agent2, 2, 4, 'Reproduced on the test VM, opening a vendor case.', { forTechsOnly: true }),
    comment(6, 4, agent, 5, 1, 'A 27" monitor is on your desk.'),
    comment(7, 4, agent, 5, 3, 'Status changed to Closed.', { isSystem: true }),
    comment(8, 7, agent, 5, 4, 'Firmware staged on the standby switch.', { forTechsOnly: true }),
    comment(9, 10, agent2, 8, 1, 'İmzanız güncellendi, Outlook\'u yeniden başlatın.'),
    comment(10, 10, admin, 8, 2, 'Title changes come from HR; we updated the directory too.', { forTechsOnly: true }),
  ];
}

/** A 1x1 transparent PNG: the smallest real image a viewer can open. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function seedAttachments(): AttachmentRow[] {
  const { agent, agent2, user } = SeedIds.users;
  const file = (id: number, talepId: number, fileName: string, contentType: string, data: Buffer, uploadedBy: number, day: number,
    commentId: number | null = null): AttachmentRow => ({
    id, talepId, commentId, fileName, contentType, size: data.length, dataBase64: data.toString('base64'), uploadedBy, date: at(day, 1),
  });
  return [
    file(1, 1, 'jam-photo.png', 'image/png', Buffer.from(ONE_PIXEL_PNG, 'base64'), user, 0),
    file(2, 2, 'error-809.png', 'image/png', Buffer.from(ONE_PIXEL_PNG, 'base64'), user, 1, 2),
    file(3, 2, 'gateway-cert.txt', 'text/plain; charset=utf-8', Buffer.from('CN=vpn.example.com\nNot After: 2026-01-05\n'), agent, 1, 3),
    file(4, 3, 'crash-log.txt', 'text/plain; charset=utf-8', Buffer.from('Faulting module: mso.dll\nException code: 0xc0000005\n'), user, 2),
    file(5, 10, 'imza-örneği.txt', 'text/plain; charset=utf-8', Buffer.from('Can Öztürk\nKıdemli Uzman\n'), agent2, 8, 9),
  ];
}

function seedCustomFields(): CustomFieldRow[] {
  const { software, officeSupplies } = SeedIds.categories;
  let optionId = 0;
  const options = (...names: string[]) => names.map((name) => ({ id: ++optionId, name }));
  const field = (id: number, usage: number, type: number, name: string, extra: Partial<CustomFieldRow> = {}): CustomFieldRow => ({
    id, name, type, usage, mandatory: false, options: [], categoryIds: null, ...extra,
  });
  const { Text, Date, SelectionCombo, Checkbox, MultilineText } = FieldType;
  return [
    // Taleps (1-5). "Order number" only shows in Office Supplies; Environment and Steps only in Software.
    field(1, FieldUsage.Talep, Text, 'Order number', { mandatory: true, categoryIds: [officeSupplies] }),
    field(2, FieldUsage.Talep, Date, 'Needed by'),
    field(3, FieldUsage.Talep, SelectionCombo, 'Environment', { options: options('Production', 'Staging', 'Test'), categoryIds: [software] }),
    field(4, FieldUsage.Talep, Checkbox, 'Affects many users'),
    field(5, FieldUsage.Talep, MultilineText, 'Steps to reproduce', { categoryIds: [software] }),
    // Assets (6-10).
    field(6, FieldUsage.Asset, Text, 'Asset tag'),
    field(7, FieldUsage.Asset, Date, 'Warranty until'),
    field(8, FieldUsage.Asset, SelectionCombo, 'Condition', { options: options('New', 'Good', 'Worn', 'Broken') }),
    field(9, FieldUsage.Asset, Checkbox, 'Encrypted disk'),
    field(10, FieldUsage.Asset, MultilineText, 'Maintenance notes'),
    // Users (11-15).
    field(11, FieldUsage.User, Text, 'Employee number'),
    field(12, FieldUsage.User, Date, 'Start date'),
    field(13, FieldUsage.User, SelectionCombo, 'Shift', { options: options('Day', 'Night') }),
    field(14, FieldUsage.User, Checkbox, 'Remote worker'),
    field(15, FieldUsage.User, MultilineText, 'Accessibility needs'),
    // Companies (16-20).
    field(16, FieldUsage.Company, Text, 'Contract number'),
    field(17, FieldUsage.Company, Date, 'Contract renewal'),
    field(18, FieldUsage.Company, SelectionCombo, 'Support tier', { options: options('Bronze', 'Silver', 'Gold') }),
    field(19, FieldUsage.Company, Checkbox, 'On-site support'),
    field(20, FieldUsage.Company, MultilineText, 'Billing notes'),
  ];
}

function seedAssets(): AssetRow[] {
  const { agent, agent2, user, admin } = SeedIds.users;
  const rows: [string, string, string, string | null, string | null, number | null, number[], boolean, number?][] = [
    // manufacturer, model, type, serial, location, company, assigned users, retired, quantity
    ['Lenovo', 'ThinkPad T14 Gen 4', 'Laptop', 'PF-4T14-0001', 'Istanbul, floor 3', 1, [user], false],
    ['Lenovo', 'ThinkPad T14 Gen 4', 'Laptop', 'PF-4T14-0002', 'Istanbul, floor 2', 1, [agent], false],
    ['Dell', 'Latitude 5440', 'Laptop', 'DL-5440-7781', 'Istanbul, floor 2', 1, [agent2], false],
    ['Apple', 'MacBook Air 13 M3', 'Laptop', 'C02-MBA-3391', 'Ankara office', 2, [admin], false],
    ['Dell', 'UltraSharp U2723QE', 'Monitor', 'CN-U27-5520', 'Istanbul, floor 3', 1, [user], false],
    ['Dell', 'UltraSharp U2723QE', 'Monitor', 'CN-U27-5521', 'Istanbul, floor 2', 1, [agent], false],
    ['HP', 'LaserJet Pro M404dn', 'Printer', 'VNB-M404-118', 'Istanbul, floor 3 kitchen', 1, [], false],
    ['HP', 'Color LaserJet M479', 'Printer', 'VNB-M479-022', 'Ankara office', 2, [], false],
    ['Logitech', 'MX Keys', 'Keyboard', null, 'Istanbul, floor 3', 1, [user], false, 1],
    ['Logitech', 'MX Master 3S', 'Mouse', null, 'Storage room', 1, [], false, 12],
    ['Apple', 'iPhone 15', 'Phone', 'F2L-IP15-7781', null, 1, [agent], false],
    ['Samsung', 'Galaxy S24', 'Phone', 'R58-S24-0193', null, 2, [], false],
    ['Cisco', 'Catalyst 9200-48P', 'Switch', 'FCW2231L0AB', 'Istanbul server room', 1, [], false],
    ['Ubiquiti', 'U6 Pro', 'Access point', 'UBNT-U6P-0301', 'Istanbul, floor 2', 1, [], false, 4],
    ['Synology', 'DS923+', 'NAS', 'SYN-923-4410', 'Istanbul server room', 1, [], false],
    ['APC', 'Smart-UPS 1500', 'UPS', 'AS1500-88120', 'Istanbul server room', null, [], false],
    ['Dell', 'Latitude 5420', 'Laptop', 'DL-5420-1120', 'Storage room', 1, [], true],
    ['HP', 'LaserJet P2055', 'Printer', 'CNB-P2055-410', 'Storage room', 1, [], true],
    ['Cisco', 'Catalyst 2960-X', 'Switch', 'FOC1744X1AA', 'Storage room', null, [], true],
    ['Apple', 'iPhone 11', 'Phone', 'F2L-IP11-0021', null, 2, [], true],
  ];
  const firstLaptopFields: CustomValues = { '6': 'IT-0001', '7': '2027-06-30', '8': '5', '9': 'true' };
  return rows.map(([manufacturer, modelName, type, serialNumber, location, companyId, assignedUserIds, disabled, quantity], index) => ({
    id: index + 1,
    manufacturer,
    modelName,
    type,
    supplier: manufacturer === 'Apple' ? 'Apple Store Business' : 'Bilişim Tedarik Ltd.',
    serialNumber,
    location,
    comments: disabled ? 'Retired: replaced during the 2025 refresh.' : null,
    quantity: quantity ?? 1,
    companyId,
    disabled,
    assignedUserIds,
    customFields: index === 0 ? { ...firstLaptopFields } : {},
  }));
}
