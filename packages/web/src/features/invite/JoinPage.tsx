import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../ui/ButtonLink';
import { Logo } from '../../ui/Logo';
import { Spinner } from '../../ui/Spinner';
import './join.css';

/** `/conversations/join/:join_token`: the shell; checking and joining come with the invite issue. */
export function JoinPage() {
  const { t } = useTranslation();
  const { join_token: token = '' } = useParams();
  return (
    <main className="center-fill">
      <section className="join-card" data-testid="join-page" data-token={token}>
        <Logo size={48} withText={false} />
        <h1>{t('join.title')}</h1>
        <p>{t('join.checking')}</p>
        <Spinner size={32} />
        <ButtonLink to="/chat" variant="secondary">
          {t('join.backToChats')}
        </ButtonLink>
      </section>
    </main>
  );
}
