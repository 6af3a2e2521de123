import { MSG } from '@parley/protocol/messages';
import { translate } from '../lib/i18n';
import { withWait } from './errors';
import { toast } from '../ui/toast';

const ID = 'too-many-requests';
let ticking: ReturnType<typeof setInterval> | undefined;

/** The 429 toast, counting down `retryAfter` seconds when given. */
export function showTooManyRequests(retryAfter?: number): void {
  clearInterval(ticking);
  const until = Date.now() + (retryAfter ?? 0) * 1000;
  const show = () => {
    const left = Math.ceil((until - Date.now()) / 1000);
    if (left <= 0) clearInterval(ticking);
    toast.error(translate('common.error'), {
      id: ID,
      description: withWait(translate(MSG.tooManyRequests), left),
      duration: Math.max(left * 1000, 5000),
    });
  };
  show();
  if (retryAfter) ticking = setInterval(show, 1000);
}
