import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Callout,
  Card,
  Classes,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { StaffRow } from '@dms/shared/contracts/http/staff';
import { useProvidersQuery } from '@/lib/api/baseDataApi';
import { useStaffListQuery, useStaffRoleOptionsQuery } from './api/staffApi';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { useSelfUid } from './api/useSelfUid';
import { DeleteStaffAlert } from './components/DeleteStaffAlert';
import { StaffDialog } from './components/StaffDialog';
import { StaffTable } from './components/StaffTable';
import { TablePager } from '@/components/TablePager';

type DialogState = { open: boolean; staff?: StaffRow };

/**
 * Account management (route /permission/staff, code 9002): search by account or nickname, filter by
 * role, a paginated table of accounts, and the dialogs to create, edit and delete one. The super
 * account is locked and one's own row offers no delete. Filters, page and dialog stay in this
 * component's state, so a kept-alive tab comes back as it was left.
 */
export function StaffPage() {
  const { t } = useTranslation('permission');
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [roleId, setRoleId] = useState(0);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [toDelete, setToDelete] = useState<StaffRow>();
  // Dialogs render inside the page, so they hide with it when the tags bar keeps it alive in the background.
  const [portal, setPortal] = useState<HTMLElement | null>(null);

  const { data, error, isLoading, isFetching, isError, refetch } = useStaffListQuery({
    page,
    pageSize,
    keyword: keyword || undefined,
    roleId: roleId || undefined,
  });
  const providers = useProvidersQuery();
  const roles = useStaffRoleOptionsQuery();
  const selfUid = useSelfUid();

  const search = (e?: FormEvent) => {
    e?.preventDefault();
    setKeyword(keywordInput.trim());
    setPage(1);
  };
  const reset = () => {
    setKeywordInput('');
    setKeyword('');
    setRoleId(0);
    setPage(1);
  };
  const filtered = Boolean(keyword || roleId);

  const rows = data?.list ?? [];
  const total = data?.total ?? 0;
  // A page left empty by a delete goes back to the last page that has rows.
  if (data && rows.length === 0 && page > 1 && !isFetching) setPage(Math.max(1, Math.ceil(total / pageSize)));

  let body: ReactNode;
  if (isError && !data) {
    body = (
      <NonIdealState
        icon="error"
        title={t('common.loadFailed')}
        description={errorMessageOf(error)}
        action={<Button icon="refresh" text={t('common.retry')} onClick={() => void refetch()} />}
      />
    );
  } else if (!isLoading && rows.length === 0) {
    body = filtered ? (
      <NonIdealState
        icon="search"
        title={t('staff.empty.noMatchTitle')}
        description={t('staff.empty.noMatch')}
        action={<Button icon="cross" text={t('common.clearFilters')} onClick={reset} />}
      />
    ) : (
      <NonIdealState
        icon="people"
        title={t('staff.empty.title')}
        description={t('staff.empty.description')}
        action={
          <Button
            icon="new-person"
            intent={Intent.PRIMARY}
            text={t('staff.create')}
            onClick={() => setDialog({ open: true })}
          />
        }
      />
    );
  } else {
    body = (
      <>
        <StaffTable
          rows={rows}
          providers={providers.data ?? []}
          selfUid={selfUid}
          loading={isLoading}
          onEdit={(staff) => setDialog({ open: true, staff })}
          onDelete={setToDelete}
        />
        <TablePager
          page={page}
          pageSize={pageSize}
          total={total}
          disabled={isFetching}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </>
    );
  }

  return (
    <section ref={setPortal} aria-labelledby="staff-page-title" style={{ padding: 'clamp(8px, 2vw, 16px)' }}>
      <Card style={{ padding: 'clamp(10px, 2vw, 20px)' }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 12 }}>
          <h2
            id="staff-page-title"
            className={Classes.HEADING}
            style={{ margin: 0, marginRight: 'auto', fontSize: 'clamp(18px, 2.4vw, 22px)' }}
          >
            {t('staff.title')}
          </h2>
          {isFetching && !isLoading && <Spinner size={16} aria-label={t('common.loading')} />}
          <Button
            icon="new-person"
            intent={Intent.PRIMARY}
            text={t('staff.create')}
            onClick={() => setDialog({ open: true })}
          />
        </div>
        <form
          role="search"
          onSubmit={search}
          style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 12 }}
        >
          <div style={{ flex: '1 1 160px', maxWidth: 280, minWidth: 0 }}>
            <InputGroup
              type="search"
              fill
              leftIcon="search"
              aria-label={t('staff.searchLabel')}
              placeholder={t('staff.searchPlaceholder')}
              value={keywordInput}
              onValueChange={setKeywordInput}
              maxLength={64}
            />
          </div>
          <HTMLSelect
            aria-label={t('staff.roleFilter')}
            value={roleId || ''}
            onChange={(e) => {
              setRoleId(Number(e.currentTarget.value) || 0);
              setPage(1);
            }}
            options={[
              { value: '', label: t('staff.allRoles') },
              ...(roles.data ?? []).map((r) => ({ value: r.id, label: r.name })),
            ]}
          />
          <Button type="submit" icon="search" text={t('common.search')} />
          <Button
            icon="reset"
            variant="minimal"
            text={t('common.reset')}
            onClick={reset}
            disabled={!filtered && !keywordInput}
          />
        </form>
        {isError && data && (
          <Callout intent={Intent.WARNING} icon="warning-sign" style={{ marginBottom: 12 }}>
            {t('common.staleData', { message: errorMessageOf(error) })}{' '}
            <Button
              size="small"
              variant="minimal"
              icon="refresh"
              text={t('common.retry')}
              onClick={() => void refetch()}
            />
          </Callout>
        )}
        {body}
      </Card>
      <StaffDialog
        isOpen={dialog.open}
        staff={dialog.staff}
        onClose={() => setDialog((d) => ({ open: false, staff: d.staff }))}
        portalContainer={portal ?? undefined}
      />
      <DeleteStaffAlert
        staff={toDelete}
        onClose={() => setToDelete(undefined)}
        portalContainer={portal ?? undefined}
      />
    </section>
  );
}
