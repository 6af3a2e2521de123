import type { Migration } from 'kysely';
import * as foundation from './0001-foundation';
import * as messaging from './0002-messaging';
import * as linkPreviews from './0003-link-previews';
import * as settings from './0004-settings';
import * as groups from './0005-groups';
import * as files from './0006-files';
import * as folders from './0007-folders';
import * as search from './0008-search';
import * as keyboard from './0009-keyboard';
import * as searchCompact from './0010-search-compact';
import * as conversationActivity from './0011-conversation-activity';
import * as searchDeferred from './0012-search-deferred';
import * as hiddenUnarchive from './0013-hidden-unarchive';
import * as bots from './0014-bots';
import * as push from './0015-push';
import * as tasks from './0016-tasks';
import * as quotas from './0017-quotas';
import * as groupConsent from './0018-group-consent';
import * as admin from './0020-admin';
import * as reactions from './0021-reactions';
import * as lastSeen from './0022-last-seen';
import * as partialFileIndex from './0023-partial-file-index';
import * as reviveIndex from './0024-revive-index';
import * as taskOps from './0025-task-ops';
import * as userLocale from './0027-user-locale';

// The one ordered list of migrations, for both dialects. Names sort in the
// order they must run; never rename or edit a migration that has shipped —
// add a new one.
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-messaging': messaging,
  '0003-link-previews': linkPreviews,
  '0004-settings': settings,
  '0005-groups': groups,
  '0006-files': files,
  '0007-folders': folders,
  '0008-search': search,
  '0009-keyboard': keyboard,
  '0010-search-compact': searchCompact,
  '0011-conversation-activity': conversationActivity,
  '0012-search-deferred': searchDeferred,
  '0013-hidden-unarchive': hiddenUnarchive,
  '0014-bots': bots,
  '0015-push': push,
  '0016-tasks': tasks,
  '0017-quotas': quotas,
  '0018-group-consent': groupConsent,
  '0020-admin': admin,
  '0021-reactions': reactions,
  '0022-last-seen': lastSeen,
  '0023-partial-file-index': partialFileIndex,
  '0024-revive-index': reviveIndex,
  '0025-task-ops': taskOps,
  '0027-user-locale': userLocale,
};
