import { useTranslation } from 'react-i18next';
import type { ToLookupReply } from '@parley/protocol/group';
import { Avatar } from '../../ui/Avatar';
import { ButtonLink } from '../../ui/ButtonLink';

export type LinkedPerson = Extract<ToLookupReply, { kind: 'user' }>['user'];

/** The person a `/to/` link names, as GET /to/:username describes them. Presentational. */
export function PersonCard({
  person,
  authenticated,
}: {
  person: LinkedPerson;
  authenticated: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="direct-card" data-testid="direct-card">
      <Avatar id={person.id} name={person.name} src={person.avatar} size={96} initials />
      <h1 className="direct-name" data-testid="direct-name">
        {person.name}
      </h1>
      <p className="direct-username" data-testid="direct-username">
        @{person.username}
      </p>
      <p className="direct-hint">{t('direct.hint')}</p>
      <ButtonLink to={authenticated ? '/chat' : '/'} size="lg" data-testid="direct-open">
        {t('direct.openChat')}
      </ButtonLink>
      {authenticated ? null : <p className="direct-note">{t('direct.signInNote')}</p>}
    </section>
  );
}
