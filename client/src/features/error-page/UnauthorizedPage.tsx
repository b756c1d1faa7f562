import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

/** /401. */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <ErrorPage
      code="401"
      title={t('common:errorPage.unauthorizedTitle')}
      description={t('common:errorPage.unauthorizedDescription')}
    />
  );
}
