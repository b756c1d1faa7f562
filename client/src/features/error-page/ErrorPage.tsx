import { Button, ButtonGroup, NonIdealState } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pageTitle } from '@/lib/i18n/pageTitle';
import { useNavigate } from 'react-router-dom';

interface ErrorPageProps {
  code: '404' | '401';
  title: string;
  description: string;
}

/** A full-page error (404, 401) with a way home and a way back. */
export function ErrorPage({ code, title, description }: ErrorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = pageTitle(title, t);
  }, [title, t]);
  return (
    <div className="dms-fullpage dms-error-page">
      <NonIdealState
        icon={
          <span className="dms-error-page__code" aria-hidden="true">
            {code}
          </span>
        }
        title={title}
        description={description}
        action={
          <ButtonGroup>
            <Button
              intent="primary"
              icon="home"
              text={t('common:errorPage.backHome')}
              onClick={() => navigate('/homepage')}
            />
            <Button
              variant="outlined"
              icon="arrow-left"
              text={t('common:errorPage.goBack')}
              onClick={() => navigate(-1)}
            />
          </ButtonGroup>
        }
      />
    </div>
  );
}
