import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, PERM, PERMISSION_TREE } from '@dms/shared/permissions/codes';
import { allChecked, checkAll, nodeCheck, toggleCode, uncheckAll, unknownCodes } from './permissionTreeModel';

const group = (code: string) => PERMISSION_TREE.find((n) => n.code === code)!;

describe('permission tree model', () => {
  it('brings the group code with a checked child', () => {
    expect(toggleCode([], PERM.TEEN_PATTI_TEST_TOOLS)).toEqual([PERM.TEEN_PATTI, PERM.TEEN_PATTI_TEST_TOOLS]);
  });

  it('drops the group code with its last child', () => {
    const codes = toggleCode([PERM.TEEN_PATTI, PERM.TEEN_PATTI_TEST_TOOLS], PERM.TEEN_PATTI_TEST_TOOLS);
    expect(codes).toEqual([]);
  });

  it('keeps the group code while another child is held', () => {
    const codes = toggleCode([PERM.PERMISSION, PERM.ROLE, PERM.STAFF], PERM.STAFF);
    expect(codes).toEqual([PERM.PERMISSION, PERM.ROLE]);
  });

  it('checks a group with all its children, and unchecks them all with it', () => {
    const checked = toggleCode([PERM.RISK_DATA], PERM.PERMISSION);
    expect(checked).toEqual([PERM.RISK_DATA, PERM.PERMISSION, PERM.ROLE, PERM.STAFF]);
    expect(toggleCode(checked, PERM.PERMISSION)).toEqual([PERM.RISK_DATA]);
  });

  it('checks all of a partly checked group when the group is clicked', () => {
    expect(toggleCode([PERM.PERMISSION, PERM.ROLE], PERM.PERMISSION)).toEqual([
      PERM.PERMISSION,
      PERM.ROLE,
      PERM.STAFF,
    ]);
  });

  it('shows a group partly checked when it holds some children, or none', () => {
    const node = group(PERM.TEEN_PATTI);
    expect(nodeCheck(node, new Set([PERM.TEEN_PATTI, PERM.TEEN_PATTI_MONITOR]))).toEqual({
      checked: false,
      indeterminate: true,
    });
    expect(nodeCheck(node, new Set([PERM.TEEN_PATTI]))).toEqual({ checked: false, indeterminate: true });
    expect(nodeCheck(node, new Set())).toEqual({ checked: false, indeterminate: false });
    expect(
      nodeCheck(
        node,
        new Set([
          PERM.TEEN_PATTI,
          PERM.TEEN_PATTI_MONITOR,
          PERM.TEEN_PATTI_TEST_TOOLS,
          PERM.TEEN_PATTI_DATA_VIEWER,
        ]),
      ),
    ).toEqual({ checked: true, indeterminate: false });
  });

  it('selects and clears everything, keeping codes this version does not know', () => {
    const all = checkAll(['99999']);
    expect(all).toEqual([...ALL_PERMISSION_CODES, '99999']);
    expect(allChecked(all)).toBe(true);
    expect(uncheckAll(all)).toEqual(['99999']);
    expect(unknownCodes(all)).toEqual(['99999']);
  });
});
