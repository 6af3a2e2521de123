import { z } from 'zod';
import type { LocaleCode } from './locales';

// Web Push (spec 1, 4, 7): the browser's PushSubscription is the `token`
// of POST /user/apps/token/create (app_type 'web'), and the same text is
// the `firebase_token` of POST /logout. What the server pushes is
// `pushPayloadSchema`, read by the service worker (web sw.ts).

/** The longest token accepted (a PushSubscription's JSON is ~250–600 characters). */
export const PUSH_TOKEN_MAX_LENGTH = 4096;

/**
 * Devices with push per account: a new one beyond this replaces the least
 * recently used (docs/PUSH.md), so one message never fans out to hundreds.
 */
export const PUSH_DEVICES_MAX = 10;

/** The subscription as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'The push endpoint must be a URL' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // P-256 public key (65 bytes) and the 16-byte auth secret, base64url.
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'Bad p256dh key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'Bad auth secret'),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

const tokenText = z
  .string({ error: 'token is required' })
  .min(1, 'token is required')
  .max(PUSH_TOKEN_MAX_LENGTH, 'token is too long');

/** Spec 7: `token` and `app_type='web'`. The token is the subscription's JSON text. */
export const appTokenRequestSchema = z.object({
  token: tokenText,
  app_type: z.literal('web', { error: "app_type must be 'web'" }),
});
export type AppTokenRequest = z.input<typeof appTokenRequestSchema>;

/** Disabling push on a device (spec 4, "disabling deletes the token"). */
export const appTokenDeleteRequestSchema = z.object({ token: tokenText });

/** The VAPID public key (RFC 8292), base64url: `applicationServerKey` of pushManager.subscribe. */
export const vapidKeyReplySchema = z.object({ public_key: z.string() });

/** Parses a token's text into a subscription, or null when it is not one. */
export function parsePushToken(token: string): PushSubscriptionJson | null {
  try {
    const parsed = pushSubscriptionSchema.safeParse(JSON.parse(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** One tag per conversation: a burst replaces one notification (web notifications use the same). */
export const pushTag = (conversationId: number) => `parley-conversation-${conversationId}`;

/**
 * What one push carries. `title`/`body` are already decided by the
 * notification rules (rules/notify.ts) and rendered in the subscription's
 * language; `identifies: false` means the neutral "New message" (paranoid
 * mode, a secret chat, or previews off): no sender, no text, no avatar.
 */
export const pushPayloadSchema = z.object({
  v: z.literal(1),
  kind: z.enum(['message', 'mention', 'reply', 'task']),
  conversation_id: z.number().int().positive(),
  message_id: z.number().int().positive().nullable(),
  tag: z.string(),
  title: z.string(),
  body: z.string(),
  identifies: z.boolean(),
  /** The avatar's URL when the notification may show it. */
  icon: z.string().nullable(),
  /** The user's unread count for the app badge (Badging API). */
  unread: z.number().int().nonnegative(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** The few words a push says without a page's dictionary (all four locales). */
export const PUSH_TEXTS: Record<
  LocaleCode,
  {
    appName: string;
    newMessage: string;
    photo: string;
    file: string;
    /** A file's label and its caption (rules/message-line.ts): `{{label}}`, `{{caption}}`. */
    withCaption: string;
    /** A sign-in notice (protocol rules/message-line.ts): `{{device}}`, `{{ip}}`, `{{date}}`. */
    signIn: string;
    signInUnknown: string;
    /** A sign-in's device (rules/message-line.ts deviceLine): `{{browser}}`, `{{os}}`. */
    deviceOn: string;
    deviceUnknown: string;
    /** A task assignment without details (paranoid mode). */
    newTask: string;
    /** `{{name}}` assigned the recipient a task. */
    assignedBy: string;
  }
> = {
  en: {
    appName: 'Parley',
    newMessage: 'New message',
    photo: 'Photo',
    file: 'File',
    withCaption: '{{label}}: {{caption}}',
    signIn: 'New sign-in: {{device}}, {{ip}}, {{date}}',
    signInUnknown: 'New sign-in to your account',
    deviceOn: '{{browser}} on {{os}}',
    deviceUnknown: 'Unknown device',
    newTask: 'New task for you',
    assignedBy: '{{name}} assigned you a task',
  },
  fr: {
    appName: 'Parley',
    newMessage: 'Nouveau message',
    photo: 'Photo',
    file: 'Fichier',
    withCaption: '{{label}} : {{caption}}',
    signIn: 'Nouvelle connexion : {{device}}, {{ip}}, {{date}}',
    signInUnknown: 'Nouvelle connexion à votre compte',
    deviceOn: '{{browser}} sur {{os}}',
    deviceUnknown: 'Appareil inconnu',
    newTask: 'Nouvelle tâche pour vous',
    assignedBy: '{{name}} vous a assigné une tâche',
  },
  ru: {
    appName: 'Parley',
    newMessage: 'Новое сообщение',
    photo: 'Фото',
    file: 'Файл',
    withCaption: '{{label}}: {{caption}}',
    signIn: 'Новый вход: {{device}}, {{ip}}, {{date}}',
    signInUnknown: 'Новый вход в ваш аккаунт',
    deviceOn: '{{browser}} на {{os}}',
    deviceUnknown: 'Неизвестное устройство',
    newTask: 'Новая задача для вас',
    assignedBy: '{{name}} назначил(а) вам задачу',
  },
  am: {
    appName: 'Parley',
    newMessage: 'Նոր հաղորդագրություն',
    photo: 'Լուսանկար',
    file: 'Ֆայլ',
    withCaption: '{{label}}՝ {{caption}}',
    signIn: 'Նոր մուտք՝ {{device}}, {{ip}}, {{date}}',
    signInUnknown: 'Նոր մուտք ձեր հաշիվ',
    deviceOn: '{{browser}} {{os}}-ում',
    deviceUnknown: 'Անհայտ սարք',
    newTask: 'Նոր առաջադրանք ձեզ համար',
    assignedBy: '{{name}}-ը ձեզ առաջադրանք է հանձնարարել',
  },
};

/** One tag per task: a reassignment replaces its notification. */
export const taskPushTag = (taskId: number) => `parley-task-${taskId}`;
