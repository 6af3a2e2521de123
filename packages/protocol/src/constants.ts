// Business constants of spec section 9, shared by server and web.

export const API_BASE = '/api/v1';

/** Access tokens live 15 minutes; refresh tokens rotate on every use. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 60 * 60 * 24 * 60;

export const RECENT_CONVERSATION_MS = 3_600_000;
export const PREVIEW_NAME_CUT = 14;
export const SIZE_BASE = 1024;
export const PASSWORD_MIN_LENGTH = 5;

/** Server-side limits the spec leaves open ("not shown"); the client mirrors them. */
export const NAME_MAX_LENGTH = 64;
export const USERNAME_MAX_LENGTH = 32;
export const LOGIN_MAX_LENGTH = 64;
export const PASSWORD_MAX_LENGTH = 256;

/** Messaging limits (the spec leaves them open). Text is counted after trimming. */
export const MESSAGE_MAX_LENGTH = 4000;
export const HISTORY_PAGE_DEFAULT = 50;
export const HISTORY_PAGE_MAX = 100;
export const CONVERSATION_PAGE_DEFAULT = 50;
export const CONVERSATION_PAGE_MAX = 100;
export const GROUP_MEMBERS_MAX = 200;
export const FORWARD_MAX = 100;
export const USER_SEARCH_MAX = 20;
/** The longest global search text (search.ts); here so the web's search box needs no schema. */
export const SEARCH_QUERY_MAX = 100;
/** The largest id a request may name: PostgreSQL's `integer` (2³¹−1; ids.ts). */
export const ID_MAX = 2_147_483_647;

export const SPINNER_DEFAULT = { size: 60, durationMs: 1000 } as const;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const TOAST_DEFAULTS = { durationMs: 5000, animationMs: 400 } as const;

/** Storage keys of spec section 3 ("Local storage"), kept exactly. */
export const STORAGE_KEYS = {
  tokenCookie: 'token',
  refreshToken: 'refresh_token',
  locale: 'locale',
  sidebar: 'sidebar',
  draftPrefix: 'draft_',
  // This device's notification choices (not in the spec's list: the spec
  // names no key for them). Cleared by logout like the rest.
  /** While push is on here: the token (PushSubscription JSON) the server has (docs/PUSH.md). */
  pushToken: 'push_token',
  /** '0' silences this device's notifications; on by default. */
  notificationSound: 'notification_sound',
  /** '0' shows "New message" instead of the sender and text; on by default. */
  notificationPreviews: 'notification_previews',
} as const;

/** CSRF double-submit names (cookie set by the server, header echoed by the client). */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-CSRF-TOKEN';
export const CSRF_META = 'csrf-token';

/** Failed sign-ins after which the next correct password must be confirmed with the username. */
export const VERIFY_USERNAME_AFTER_FAILURES = 3;
/** The placeholder in the built index.html that the server replaces with the request's CSRF token. */
export const CSRF_PLACEHOLDER = '__CSRF_TOKEN__';

/** Tasks (protocol tasks.ts): text lengths after trimming, and counts. */
export const TASK_LIMITS = {
  groupNameLength: 100,
  titleLength: 200,
  descriptionLength: 4000,
  subtaskTextLength: 300,
  groupsPerConversation: 100,
  tasksPerGroup: 1000,
  subtasksPerTask: 100,
  assigneesPerTask: 20,
} as const;
/** In the signed-in user's `can` list (GET /user) when they administer the server (docs/ADMIN.md). */
export const ADMIN_PERMISSION = 'admin';
