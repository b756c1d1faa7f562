import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Callout,
  Card,
  Classes,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@dms/shared/contracts/http/role';
import { useRoleListQuery } from './api/roleApi';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { DeleteRoleAlert } from './components/DeleteRoleAlert';
import { RoleDialog } from './components/RoleDialog';
import { RoleTable } from './components/RoleTable';
import { TablePager } from '@/components/TablePager';

type DialogState = { open: boolean; role?: RoleRow };

/**
 * Role management (route /permission/role, code 9001): search, a paginated table of roles and their
 * permissions, and the dialogs to create, edit and delete a role. The super role is locked. Filters,
 * page and dialog stay in this component's state, so a kept-alive tab comes back as it was left.
 */
export function RolePage() {
  const { t } = useTranslation('permission');
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [toDelete, setToDelete] = useState<RoleRow>();
  // Dialogs render inside the page, so they hide with it when the tags bar keeps it alive in the background.
  const [portal, setPortal] = useState<HTMLElement | null>(null);

  const { data, error, isLoading, isFetching, isError, refetch } = useRoleListQuery({
    page,
    pageSize,
    keyword: keyword || undefined,
  });

  const search = (e?: FormEvent) => {
    e?.preventDefault();
    setKeyword(keywordInput.trim());
    setPage(1);
  };
  const reset = () => {
    setKeywordInput('');
    setKeyword('');
    setPage(1);
  };

  const rows = data?.list ?? [];
  const total = data?.total ?? 0;
  // A page left empty by a delete goes back one page.
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
    body = keyword ? (
      <NonIdealState
        icon="search"
        title={t('role.empty.noMatchTitle')}
        description={t('role.empty.noMatch', { keyword })}
        action={<Button icon="cross" text={t('common.clearSearch')} onClick={reset} />}
      />
    ) : (
      <NonIdealState
        icon="people"
        title={t('role.empty.title')}
        description={t('role.empty.description')}
        action={
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text={t('role.create')}
            onClick={() => setDialog({ open: true })}
          />
        }
      />
    );
  } else {
    body = (
      <>
        <RoleTable
          rows={rows}
          loading={isLoading}
          onEdit={(role) => setDialog({ open: true, role })}
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
    <section ref={setPortal} aria-labelledby="role-page-title" style={{ padding: 'clamp(8px, 2vw, 16px)' }}>
      <Card style={{ padding: 'clamp(10px, 2vw, 20px)' }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 12 }}>
          <h2
            id="role-page-title"
            className={Classes.HEADING}
            style={{ margin: 0, marginRight: 'auto', fontSize: 'clamp(18px, 2.4vw, 22px)' }}
          >
            {t('role.title')}
          </h2>
          {isFetching && !isLoading && <Spinner size={16} aria-label={t('common.loading')} />}
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text={t('role.create')}
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
              aria-label={t('role.searchLabel')}
              placeholder={t('role.searchPlaceholder')}
              value={keywordInput}
              onValueChange={setKeywordInput}
              maxLength={64}
            />
          </div>
          <Button type="submit" icon="search" text={t('common.search')} />
          <Button
            icon="reset"
            variant="minimal"
            text={t('common.reset')}
            onClick={reset}
            disabled={!keyword && !keywordInput}
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
      <RoleDialog
        isOpen={dialog.open}
        role={dialog.role}
        onClose={() => setDialog((d) => ({ open: false, role: d.role }))}
        portalContainer={portal ?? undefined}
      />
      <DeleteRoleAlert
        role={toDelete}
        onClose={() => setToDelete(undefined)}
        portalContainer={portal ?? undefined}
      />
    </section>
  );
}
