import { MSG } from '@parley/protocol/messages';
import { translate } from '../lib/i18n';
import { toast } from '../ui/toast';

// Spec 8: a 429 shows the toast 'Too many requests.' titled Error. When the
// server says how long to wait (retry_after, issue 18), the same toast counts
// the seconds down and stays until they are over.

const ID = 'too-many-requests';
let ticking: ReturnType<typeof setInterval> | undefined;

export function tooManyRequests(retryAfter?: number): void {
  clearInterval(ticking);
  const until = Date.now() + (retryAfter ?? 0) * 1000;
  const show = () => {
    const left = Math.ceil((until - Date.now()) / 1000);
    if (left <= 0) clearInterval(ticking);
    const text = translate(MSG.tooManyRequests);
    toast.error(translate('common.error'), {
      id: ID,
      description: left > 0 ? `${text} ${translate('common.retryIn', { seconds: left })}` : text,
      duration: Math.max(left * 1000, 5000),
    });
  };
  show();
  if (retryAfter) ticking = setInterval(show, 1000);
}
