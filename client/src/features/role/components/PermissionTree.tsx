import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { Button, ButtonGroup, Checkbox, Classes, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PERMISSION_TREE, type PermissionNode } from '@dms/shared/permissions/codes';
import {
  GROUP_CODES,
  allChecked,
  checkAll,
  nodeCheck,
  toggleCode,
  uncheckAll,
  unknownCodes,
} from './permissionTreeModel';

/** Props of {@link PermissionTree}. */
export interface PermissionTreeProps {
  /** The role's codes, normalised. */
  value: readonly string[];
  /** Receives the new normalised codes after each check or uncheck. */
  onChange: (codes: string[]) => void;
  disabled?: boolean;
  /** Id of the element describing the tree (an error message), for screen readers. */
  describedBy?: string;
}

const checkboxStyle = { margin: 0 } as const;

/**
 * The permission tree of a role, built from the shared `PERMISSION_TREE`: a checkbox per code, groups
 * partly checked when they hold only some children, with select-all and expand/collapse-all. A checkbox
 * with focus expands its group with the right arrow key and collapses it with the left one.
 */
export function PermissionTree({ value, onChange, disabled = false, describedBy }: PermissionTreeProps) {
  const { t } = useTranslation(['permission', 'route']);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(GROUP_CODES));
  const held = useMemo(() => new Set(value), [value]);

  const setGroupExpanded = useCallback((code: string, open: boolean) => {
    setExpanded((prev) => {
      if (prev.has(code) === open) return prev;
      const next = new Set(prev);
      if (open) next.add(code);
      else next.delete(code);
      return next;
    });
  }, []);

  const contents = useMemo(() => {
    const toNode = (node: PermissionNode): TreeNodeInfo<string> => {
      const children = node.children ?? [];
      const state = nodeCheck(node, held);
      const onKeyDown =
        children.length > 0
          ? (e: KeyboardEvent<HTMLInputElement>) => {
              if (e.key === 'ArrowRight') setGroupExpanded(node.code, true);
              if (e.key === 'ArrowLeft') setGroupExpanded(node.code, false);
            }
          : undefined;
      return {
        id: node.code,
        nodeData: node.code,
        hasCaret: children.length > 0,
        isExpanded: expanded.has(node.code),
        disabled,
        label: (
          <Checkbox
            style={checkboxStyle}
            checked={state.checked}
            indeterminate={state.indeterminate}
            disabled={disabled}
            label={t(`route:${node.labelKey}`)}
            onChange={() => onChange(toggleCode(value, node.code))}
            onKeyDown={onKeyDown}
            aria-expanded={children.length > 0 ? expanded.has(node.code) : undefined}
          />
        ),
        secondaryLabel: (
          <span className={`${Classes.TEXT_MUTED} ${Classes.MONOSPACE_TEXT}`}>{node.code}</span>
        ),
        childNodes: children.length > 0 ? children.map(toNode) : undefined,
      };
    };
    return PERMISSION_TREE.map(toNode);
  }, [held, expanded, disabled, t, onChange, value, setGroupExpanded]);

  const everything = allChecked(value);
  const some = value.length > 0 && !everything;
  const extra = unknownCodes(value);

  return (
    <div>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 8 }}>
        <Checkbox
          style={checkboxStyle}
          checked={everything}
          indeterminate={some}
          disabled={disabled}
          label={t('role.tree.selectAll')}
          onChange={() => onChange(everything ? uncheckAll(value) : checkAll(value))}
        />
        <ButtonGroup variant="minimal" size="small" style={{ marginLeft: 'auto' }}>
          <Button
            icon="expand-all"
            text={t('role.tree.expandAll')}
            onClick={() => setExpanded(new Set(GROUP_CODES))}
          />
          <Button
            icon="collapse-all"
            text={t('role.tree.collapseAll')}
            onClick={() => setExpanded(new Set())}
          />
        </ButtonGroup>
      </div>
      <div
        role="group"
        aria-label={t('role.fields.permissions')}
        aria-describedby={describedBy}
        className={Classes.ELEVATION_0}
        style={{ maxHeight: 360, overflowY: 'auto', borderRadius: 2 }}
      >
        <Tree<string>
          compact
          contents={contents}
          onNodeExpand={(node) => setGroupExpanded(String(node.id), true)}
          onNodeCollapse={(node) => setGroupExpanded(String(node.id), false)}
        />
      </div>
      {extra.length > 0 && (
        <p className={Classes.TEXT_MUTED} style={{ marginTop: 8 }}>
          {t('role.tree.unknownCodes', { codes: extra.join(', ') })}
        </p>
      )}
    </div>
  );
}
