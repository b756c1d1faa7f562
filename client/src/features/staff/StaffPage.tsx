import { useState } from 'react';
import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { StaffRow } from '@dms/shared/contracts/http/staff';
import { useProvidersQuery } from '@/lib/api/baseDataApi';
import { ListPage, useListState } from '@/components/ListPage';
import { useStaffListQuery, useStaffRoleOptionsQuery } from './api/staffApi';
import { useSelfUid } from './api/useSelfUid';
import { DeleteStaffAlert } from './components/DeleteStaffAlert';
import { StaffDialog } from './components/StaffDialog';
import { StaffTable } from './components/StaffTable';
import { seedText } from '@/lib/i18n/seedText';

type DialogState = { open: boolean; staff?: StaffRow };

/**
 * Account management (route /permission/staff, code 9002): search by account or nickname, filter by
 * role, a paginated table of accounts, and the dialogs to create, edit and delete one. The super
 * account is locked and one's own row offers no delete. Filters, page and dialog stay in this
 * component's state, so a kept-alive tab comes back as it was left.
 */
export function StaffPage() {
  const { t } = useTranslation('permission');
  const list = useListState();
  const [roleId, setRoleId] = useState(0);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [toDelete, setToDelete] = useState<StaffRow>();
  const query = useStaffListQuery({
    page: list.page,
    pageSize: list.pageSize,
    keyword: list.keyword,
    roleId: roleId || undefined,
  });
  const providers = useProvidersQuery();
  const roles = useStaffRoleOptionsQuery();
  const selfUid = useSelfUid();

  return (
    <ListPage
      id="staff-page"
      title={t('staff.title')}
      create={{ icon: 'new-person', text: t('staff.create'), onClick: () => setDialog({ open: true }) }}
      state={list}
      searchLabel={t('staff.searchLabel')}
      searchPlaceholder={t('staff.searchPlaceholder')}
      filters={
        <HTMLSelect
          aria-label={t('staff.roleFilter')}
          value={roleId || ''}
          onChange={(e) => {
            setRoleId(Number(e.currentTarget.value) || 0);
            list.setPage(1);
          }}
          options={[
            { value: '', label: t('staff.allRoles') },
            ...(roles.data ?? []).map((r) => ({ value: r.id, label: seedText(r.name) })),
          ]}
        />
      }
      filtered={roleId !== 0}
      onReset={() => setRoleId(0)}
      query={query}
      empty={{
        noMatchTitle: t('staff.empty.noMatchTitle'),
        noMatch: t('staff.empty.noMatch'),
        clearText: t('common.clearFilters'),
        title: t('staff.empty.title'),
        description: t('staff.empty.description'),
      }}
      table={(rows, loading) => (
        <StaffTable
          rows={rows}
          providers={providers.data ?? []}
          selfUid={selfUid}
          loading={loading}
          onEdit={(staff) => setDialog({ open: true, staff })}
          onDelete={setToDelete}
        />
      )}
      dialogs={(portal) => (
        <>
          <StaffDialog
            isOpen={dialog.open}
            staff={dialog.staff}
            onClose={() => setDialog((d) => ({ open: false, staff: d.staff }))}
            portalContainer={portal}
          />
          <DeleteStaffAlert
            staff={toDelete}
            onClose={() => setToDelete(undefined)}
            portalContainer={portal}
          />
        </>
      )}
    />
  );
}
