import {
  Button,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  Tag,
  Tooltip,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@dms/shared/format/date';
import { errorLogCleared, selectErrorLogs } from '@/lib/errorLog/errorLogSlice';

/** Shown only when errors were collected: opens the error log (message, info, url, stack) with Clear All. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const logs = useSelector(selectErrorLogs);
  const [open, setOpen] = useState(false);
  if (logs.length === 0) return null;
  return (
    <>
      <Tooltip content={t('common:errorLog.button')} placement="bottom">
        <Button
          variant="minimal"
          intent="danger"
          icon="error"
          aria-label={`${t('common:errorLog.button')} (${logs.length})`}
          onClick={() => setOpen(true)}
        >
          <Tag round intent="danger" className="dms-errorlog__count">
            {logs.length}
          </Tag>
        </Button>
      </Tooltip>
      <Dialog
        isOpen={open}
        onClose={() => setOpen(false)}
        title={t('common:errorLog.title')}
        icon="error"
        className="dms-errorlog"
      >
        <DialogBody useOverflowScrollContainer>
          <HTMLTable compact striped className="dms-errorlog__table">
            <thead>
              <tr>
                <th>{t('common:errorLog.message')}</th>
                <th>{t('common:errorLog.info')}</th>
                <th>{t('common:errorLog.url')}</th>
                <th>{t('common:errorLog.stack')}</th>
              </tr>
            </thead>
            <tbody>
              {[...logs].reverse().map((log, i) => (
                <tr key={`${log.time}-${i}`}>
                  <td>
                    <strong>{log.message}</strong>
                    <div className={Classes.TEXT_MUTED}>{formatDate(log.time)}</div>
                  </td>
                  <td>{log.info}</td>
                  <td className="dms-errorlog__url">{log.url}</td>
                  <td>
                    <pre className="dms-errorlog__stack">{log.stack}</pre>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('common:close')} onClick={() => setOpen(false)} />
              <Button
                intent="danger"
                icon="trash"
                text={t('common:errorLog.clearAll')}
                onClick={() => {
                  dispatch(errorLogCleared());
                  setOpen(false);
                }}
              />
            </>
          }
        />
      </Dialog>
    </>
  );
}
