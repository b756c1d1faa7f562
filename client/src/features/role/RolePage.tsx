import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@dms/shared/contracts/http/role';
import { ListPage, useListState } from '@/components/ListPage';
import { useRoleListQuery } from './api/roleApi';
import { DeleteRoleAlert } from './components/DeleteRoleAlert';
import { RoleDialog } from './components/RoleDialog';
import { RoleTable } from './components/RoleTable';

type DialogState = { open: boolean; role?: RoleRow };

/**
 * Role management (route /permission/role, code 9001): search, a paginated table of roles and their
 * permissions, and the dialogs to create, edit and delete a role. The super role is locked. Filters,
 * page and dialog stay in this component's state, so a kept-alive tab comes back as it was left.
 */
export function RolePage() {
  const { t } = useTranslation('permission');
  const list = useListState();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [toDelete, setToDelete] = useState<RoleRow>();
  const query = useRoleListQuery({ page: list.page, pageSize: list.pageSize, keyword: list.keyword });

  return (
    <ListPage
      id="role-page"
      title={t('role.title')}
      create={{ icon: 'add', text: t('role.create'), onClick: () => setDialog({ open: true }) }}
      state={list}
      searchLabel={t('role.searchLabel')}
      searchPlaceholder={t('role.searchPlaceholder')}
      query={query}
      empty={{
        noMatchTitle: t('role.empty.noMatchTitle'),
        noMatch: t('role.empty.noMatch', { keyword: list.keyword }),
        clearText: t('common.clearSearch'),
        title: t('role.empty.title'),
        description: t('role.empty.description'),
      }}
      table={(rows, loading) => (
        <RoleTable
          rows={rows}
          loading={loading}
          onEdit={(role) => setDialog({ open: true, role })}
          onDelete={setToDelete}
        />
      )}
      dialogs={(portal) => (
        <>
          <RoleDialog
            isOpen={dialog.open}
            role={dialog.role}
            onClose={() => setDialog((d) => ({ open: false, role: d.role }))}
            portalContainer={portal}
          />
          <DeleteRoleAlert role={toDelete} onClose={() => setToDelete(undefined)} portalContainer={portal} />
        </>
      )}
    />
  );
}
