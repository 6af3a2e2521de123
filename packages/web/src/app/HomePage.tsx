import { AuthCard } from '../features/auth/AuthCard';
import { LandingPage } from '../features/landing/LandingPage';

/** `/` for anonymous visitors: the landing with the sign-in / registration card. */
export function HomePage() {
  return (
    <LandingPage>
      <AuthCard />
    </LandingPage>
  );
}
