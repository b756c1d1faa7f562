/**
 * Numeric permission codes of the spec (section 6), held as strings as the platform stores them.
 */
export const PERM = {
  COMPANY_PROFIT: '12000',
  /**
   * Exchange rate administration: set, delete and import the daily rates Company Profit reports with
   * (reading them needs 12000 or 12001). Not in the spec's table: a finance setting beside Company Profit.
   */
  EXCHANGE_RATES: '12001',
  BACCARAT_MONITOR: '3000',
  RISK_DATA: '8000',
  RISK_SETTING: '10000',
  TEEN_PATTI: '11000',
  TEEN_PATTI_MONITOR: '11001',
  TEEN_PATTI_TEST_TOOLS: '11002',
  TEEN_PATTI_DATA_VIEWER: '11003',
  GAME_MANAGEMENT: '13000',
  TABLE_SETTING: '13001',
  PERMISSION: '9000',
  ROLE: '9001',
  STAFF: '9002',
} as const;

export type PermissionCode = (typeof PERM)[keyof typeof PERM];

/** A node of the permission tree shown when a role is edited: a group code and its children. */
export interface PermissionNode {
  code: PermissionCode;
  /** i18n key of the label, in the `route` namespace. */
  labelKey: string;
  children?: PermissionNode[];
}

/** The permission tree in menu order. A child code always brings its group code with it. */
export const PERMISSION_TREE: readonly PermissionNode[] = [
  { code: PERM.COMPANY_PROFIT, labelKey: 'companyProfit' },
  { code: PERM.EXCHANGE_RATES, labelKey: 'exchangeRates' },
  { code: PERM.BACCARAT_MONITOR, labelKey: 'bjlMonitor' },
  { code: PERM.RISK_DATA, labelKey: 'riskData' },
  { code: PERM.RISK_SETTING, labelKey: 'riskSetting' },
  {
    code: PERM.TEEN_PATTI,
    labelKey: 'teenPatti',
    children: [
      { code: PERM.TEEN_PATTI_MONITOR, labelKey: 'teenPattiMonitor' },
      { code: PERM.TEEN_PATTI_TEST_TOOLS, labelKey: 'testTools' },
      { code: PERM.TEEN_PATTI_DATA_VIEWER, labelKey: 'testDataViewer' },
    ],
  },
  {
    code: PERM.GAME_MANAGEMENT,
    labelKey: 'gameSetting',
    children: [{ code: PERM.TABLE_SETTING, labelKey: 'tableSetting' }],
  },
  {
    code: PERM.PERMISSION,
    labelKey: 'permission',
    children: [
      { code: PERM.ROLE, labelKey: 'role' },
      { code: PERM.STAFF, labelKey: 'staff' },
    ],
  },
];

/** Every permission code, in tree order. The super role holds all of them. */
export const ALL_PERMISSION_CODES: readonly PermissionCode[] = PERMISSION_TREE.flatMap((n) => [
  n.code,
  ...(n.children ?? []).map((c) => c.code),
]);

const parentOf = new Map<string, PermissionCode>(
  PERMISSION_TREE.flatMap((n) => (n.children ?? []).map((c) => [c.code, n.code] as const)),
);

/** Whether a string is one of the known permission codes. */
export function isPermissionCode(code: string): code is PermissionCode {
  return (ALL_PERMISSION_CODES as readonly string[]).includes(code);
}

/**
 * Normalises a role's codes: trims, drops duplicates, adds the group code of every child code,
 * and sorts them in tree order. Unknown numeric codes are kept at the end, in numeric order.
 */
export function normalizePermissions(codes: readonly string[]): string[] {
  const set = new Set(codes.map((c) => c.trim()).filter((c) => c.length > 0));
  for (const c of [...set]) {
    const parent = parentOf.get(c);
    if (parent) set.add(parent);
  }
  const known = ALL_PERMISSION_CODES.filter((c) => set.has(c));
  const unknown = [...set].filter((c) => !isPermissionCode(c)).sort((a, b) => Number(a) - Number(b));
  return [...known, ...unknown];
}

/** Parses the spec's comma-separated permission list ("9000,9001") into codes. */
export function parsePermissionList(list: string | null | undefined): string[] {
  if (!list) return [];
  return list
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

/** Whether `held` grants at least one of `required`; an empty `required` is always granted. */
export function hasAnyPermission(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((c) => held.includes(c));
}
