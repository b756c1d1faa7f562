import {
  ALL_PERMISSION_CODES,
  PERMISSION_TREE,
  isPermissionCode,
  normalizePermissions,
  type PermissionNode,
} from '@dms/shared/permissions/codes';

/** How a node's checkbox shows: checked, unchecked, or partly (a group holding only some children). */
export interface NodeCheck {
  checked: boolean;
  indeterminate: boolean;
}

const labelKeys = new Map<string, string>(
  PERMISSION_TREE.flatMap((n) => [n, ...(n.children ?? [])]).map((n) => [n.code, n.labelKey] as const),
);

/** The `route` namespace key of a code's label, or undefined for a code this version does not know. */
export function labelKeyOf(code: string): string | undefined {
  return labelKeys.get(code);
}

/** The codes of the tree that have children (groups), in tree order. */
export const GROUP_CODES: readonly string[] = PERMISSION_TREE.filter(
  (n) => (n.children ?? []).length > 0,
).map((n) => n.code);

/**
 * The check state of a node. A group is checked when it and all its children are held, and partly
 * checked when it is held without all its children.
 */
export function nodeCheck(node: PermissionNode, held: ReadonlySet<string>): NodeCheck {
  const children = node.children ?? [];
  if (children.length === 0) return { checked: held.has(node.code), indeterminate: false };
  const heldChildren = children.filter((c) => held.has(c.code)).length;
  const all = heldChildren === children.length;
  const groupHeld = held.has(node.code) || heldChildren > 0;
  return { checked: groupHeld && all, indeterminate: groupHeld && !all };
}

function parentOf(code: string): PermissionNode | undefined {
  return PERMISSION_TREE.find((n) => (n.children ?? []).some((c) => c.code === code));
}

/**
 * Toggles one code of the tree and returns the normalised codes:
 * - a group that is fully checked is unchecked with all its children; otherwise it is checked with
 *   all its children;
 * - checking a child brings its group code; unchecking a group's last child drops the group too.
 */
export function toggleCode(codes: readonly string[], code: string): string[] {
  const held = new Set(codes);
  const node = PERMISSION_TREE.find((n) => n.code === code);
  if (node && (node.children ?? []).length > 0) {
    const family = [node.code, ...(node.children ?? []).map((c) => c.code)];
    if (nodeCheck(node, held).checked) family.forEach((c) => held.delete(c));
    else family.forEach((c) => held.add(c));
    return normalizePermissions([...held]);
  }
  if (held.has(code)) {
    held.delete(code);
    const parent = parentOf(code);
    if (parent && !(parent.children ?? []).some((c) => held.has(c.code))) held.delete(parent.code);
  } else {
    held.add(code);
  }
  // normalizePermissions adds the group code of a child that was just checked.
  return normalizePermissions([...held]);
}

/** Whether every code of the tree is held. */
export function allChecked(codes: readonly string[]): boolean {
  const held = new Set(codes);
  return ALL_PERMISSION_CODES.every((c) => held.has(c));
}

/** Checks every code of the tree, keeping codes this version does not know. */
export function checkAll(codes: readonly string[]): string[] {
  return normalizePermissions([...codes, ...ALL_PERMISSION_CODES]);
}

/** Unchecks every code of the tree, keeping codes this version does not know. */
export function uncheckAll(codes: readonly string[]): string[] {
  return normalizePermissions(codes.filter((c) => !isPermissionCode(c)));
}

/** Codes held that this version's tree does not show (kept as they are on save). */
export function unknownCodes(codes: readonly string[]): string[] {
  return codes.filter((c) => !isPermissionCode(c));
}
