import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

/** /404. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorPage
      code="404"
      title={t('common:errorPage.notFoundTitle')}
      description={t('common:errorPage.notFoundDescription')}
    />
  );
}
