import { BOT_MSG, BOTS_PER_USER_MAX } from '@parley/protocol/bot';
import { isLocaleCode } from '@parley/protocol/locales';
import type { LocaleCode } from '@parley/protocol/locales';
import { MSG } from '@parley/protocol/messages';

// What @ParleyBot says, in the four interface languages (the user's own,
// users.locale; English when unknown). One sentence per line at most: a
// line break only between sentences or before a token, never inside one
// (the chat wraps lines itself). French puts a no-break space (U+00A0)
// before : ; ! ? as the web's catalogues do.

const COMMANDS = [
  'newbot',
  'mybots',
  'token',
  'revoke',
  'setname',
  'setdescription',
  'deletebot',
  'cancel',
  'help',
] as const;
export type OfficialCommand = (typeof COMMANDS)[number];

export interface OfficialTexts {
  intro: string;
  commands: Record<OfficialCommand, string>;
  nameTheBot: string;
  noSuchBot: string;
  cancelled: string;
  nothingToCancel: string;
  askName: string;
  noBots: string;
  yourBots: string;
  newToken: string;
  revoked: string;
  deleted: string;
  askNewName: string;
  askNewDescription: string;
  unknown: string;
  askUsername: string;
  created: (username: string) => string;
  keepSecure: string;
  done: string;
  tryAgain: string;
  /** The validation refusals a reply may carry, by their English text. */
  refusals: Record<string, string>;
}

const en: OfficialTexts = {
  intro:
    'I can help you create and manage Parley bots. Their API is the Telegram Bot API: point your bot library at this server and use the token I give you.',
  commands: {
    newbot: 'Create a new bot',
    mybots: 'List your bots',
    token: 'Get a new token for a bot',
    revoke: "Revoke a bot's token",
    setname: "Change a bot's name",
    setdescription: "Change a bot's description",
    deletebot: 'Delete a bot',
    cancel: 'Cancel the current command',
    help: 'What I can do',
  },
  nameTheBot: 'Name the bot: for example /token @my_bot',
  noSuchBot: 'You have no bot with that username.',
  cancelled: 'Cancelled.',
  nothingToCancel: 'Nothing to cancel.',
  askName: 'Alright, a new bot. How are we going to call it? Please choose a name for your bot.',
  noBots: 'You have no bots yet. Use /newbot to create one.',
  yourBots: 'Your bots:',
  newToken: 'A new token; the old one no longer works. Keep it secret:',
  revoked: 'The token was revoked. Use /token to get a new one.',
  deleted: 'Done: the bot is deleted.',
  askNewName: 'Send me the new name.',
  askNewDescription: 'Send me the new description.',
  unknown: 'Unrecognized command. Say /help to see what I can do.',
  askUsername:
    "Good. Now let's choose a username for your bot. It must end in 'bot', like tetris_bot.",
  created: (u) => `Done! Your bot @${u} is ready. Use this token to access the Bot API:`,
  keepSecure: 'Keep your token secure: anyone who has it controls your bot.',
  done: 'Done.',
  tryAgain: 'Try again.',
  refusals: {},
};

const ru: OfficialTexts = {
  intro:
    'Я помогу создать ботов Parley и управлять ими. Их API — это Telegram Bot API: направьте библиотеку вашего бота на этот сервер и используйте токен, который я выдам.',
  commands: {
    newbot: 'Создать нового бота',
    mybots: 'Список ваших ботов',
    token: 'Новый токен для бота',
    revoke: 'Отозвать токен бота',
    setname: 'Изменить имя бота',
    setdescription: 'Изменить описание бота',
    deletebot: 'Удалить бота',
    cancel: 'Отменить текущую команду',
    help: 'Что я умею',
  },
  nameTheBot: 'Укажите бота, например: /token @my_bot',
  noSuchBot: 'У вас нет бота с таким именем пользователя.',
  cancelled: 'Отменено.',
  nothingToCancel: 'Нечего отменять.',
  askName: 'Хорошо, новый бот. Как мы его назовём? Выберите имя для вашего бота.',
  noBots: 'У вас пока нет ботов. Создайте первого командой /newbot.',
  yourBots: 'Ваши боты:',
  newToken: 'Новый токен; старый больше не работает. Храните его в секрете:',
  revoked: 'Токен отозван. Новый можно получить командой /token.',
  deleted: 'Готово: бот удалён.',
  askNewName: 'Пришлите новое имя.',
  askNewDescription: 'Пришлите новое описание.',
  unknown: 'Неизвестная команда. Напишите /help, чтобы узнать, что я умею.',
  askUsername:
    'Отлично. Теперь выберите имя пользователя для бота. Оно должно заканчиваться на «bot», например tetris_bot.',
  created: (u) => `Готово! Ваш бот @${u} создан. Вот токен для доступа к Bot API:`,
  keepSecure: 'Храните токен в тайне: тот, у кого он есть, управляет вашим ботом.',
  done: 'Готово.',
  tryAgain: 'Попробуйте ещё раз.',
  refusals: {
    [BOT_MSG.usernameMustEndInBot]:
      'Имя пользователя бота должно заканчиваться на «bot» и содержать от 5 до 32 латинских букв, цифр или подчёркиваний, начинаясь с буквы.',
    [BOT_MSG.tooManyBots]: `У вас может быть не больше ${BOTS_PER_USER_MAX} ботов.`,
    [BOT_MSG.descriptionTooLong]: 'Описание слишком длинное.',
    [MSG.usernameTaken]: 'Это имя пользователя уже занято.',
  },
};

const NB = '\u00a0';

const fr: OfficialTexts = {
  intro: `Je peux vous aider à créer et à gérer des bots Parley. Leur API est la Telegram Bot API${NB}: faites pointer la bibliothèque de votre bot vers ce serveur et utilisez le jeton que je vous donne.`,
  commands: {
    newbot: 'Créer un nouveau bot',
    mybots: 'Lister vos bots',
    token: 'Obtenir un nouveau jeton pour un bot',
    revoke: 'Révoquer le jeton d’un bot',
    setname: 'Changer le nom d’un bot',
    setdescription: 'Changer la description d’un bot',
    deletebot: 'Supprimer un bot',
    cancel: 'Annuler la commande en cours',
    help: 'Ce que je sais faire',
  },
  nameTheBot: `Indiquez le bot, par exemple${NB}: /token @my_bot`,
  noSuchBot: 'Vous n’avez aucun bot avec ce nom d’utilisateur.',
  cancelled: 'Annulé.',
  nothingToCancel: 'Rien à annuler.',
  askName: `Très bien, un nouveau bot. Comment allons-nous l’appeler${NB}? Choisissez un nom pour votre bot.`,
  noBots: 'Vous n’avez pas encore de bot. Utilisez /newbot pour en créer un.',
  yourBots: `Vos bots${NB}:`,
  newToken: `Un nouveau jeton${NB}; l’ancien ne fonctionne plus. Gardez-le secret${NB}:`,
  revoked: 'Le jeton a été révoqué. Utilisez /token pour en obtenir un nouveau.',
  deleted: `C’est fait${NB}: le bot est supprimé.`,
  askNewName: 'Envoyez-moi le nouveau nom.',
  askNewDescription: 'Envoyez-moi la nouvelle description.',
  unknown: 'Commande inconnue. Tapez /help pour voir ce que je sais faire.',
  askUsername: `Bien. Choisissons maintenant un nom d’utilisateur pour votre bot. Il doit se terminer par «${NB}bot${NB}», comme tetris_bot.`,
  created: (u) =>
    `C’est fait${NB}! Votre bot @${u} est prêt. Utilisez ce jeton pour accéder à la Bot API${NB}:`,
  keepSecure: `Gardez votre jeton en lieu sûr${NB}: quiconque le possède contrôle votre bot.`,
  done: 'C’est fait.',
  tryAgain: 'Réessayez.',
  refusals: {
    [BOT_MSG.usernameMustEndInBot]: `Le nom d’utilisateur d’un bot doit se terminer par «${NB}bot${NB}» et compter de 5 à 32 lettres latines, chiffres ou tirets bas, en commençant par une lettre.`,
    [BOT_MSG.tooManyBots]: `Vous pouvez avoir au plus ${BOTS_PER_USER_MAX} bots.`,
    [BOT_MSG.descriptionTooLong]: 'La description est trop longue.',
    [MSG.usernameTaken]: 'Ce nom d’utilisateur est déjà pris.',
  },
};

// Armenian (the product's `am`): the full stop is «։», the colon «․».
const am: OfficialTexts = {
  intro:
    'Ես կօգնեմ ստեղծել և կառավարել Parley-ի բոտեր։ Նրանց API-ն Telegram Bot API-ն է․ ձեր բոտի գրադարանն ուղղեք այս սերվերին և օգտագործեք այն թոքենը, որը ես կտամ։',
  commands: {
    newbot: 'Ստեղծել նոր բոտ',
    mybots: 'Ձեր բոտերի ցանկը',
    token: 'Նոր թոքեն բոտի համար',
    revoke: 'Չեղարկել բոտի թոքենը',
    setname: 'Փոխել բոտի անունը',
    setdescription: 'Փոխել բոտի նկարագրությունը',
    deletebot: 'Ջնջել բոտը',
    cancel: 'Չեղարկել ընթացիկ հրամանը',
    help: 'Ինչ կարող եմ անել',
  },
  nameTheBot: 'Նշեք բոտը, օրինակ՝ /token @my_bot',
  noSuchBot: 'Այդ օգտանունով բոտ չունեք։',
  cancelled: 'Չեղարկված է։',
  nothingToCancel: 'Չեղարկելու բան չկա։',
  askName: 'Լավ, նոր բոտ։ Ինչպե՞ս ենք այն անվանելու։ Ընտրեք ձեր բոտի անունը։',
  noBots: 'Դեռ բոտեր չունեք։ Ստեղծելու համար օգտագործեք /newbot հրամանը։',
  yourBots: 'Ձեր բոտերը․',
  newToken: 'Նոր թոքեն․ հինն այլևս չի աշխատում։ Պահեք այն գաղտնի․',
  revoked: 'Թոքենը չեղարկվեց։ Նորը ստանալու համար օգտագործեք /token հրամանը։',
  deleted: 'Պատրաստ է․ բոտը ջնջված է։',
  askNewName: 'Ուղարկեք նոր անունը։',
  askNewDescription: 'Ուղարկեք նոր նկարագրությունը։',
  unknown: 'Անհայտ հրաման։ Գրեք /help՝ տեսնելու, թե ինչ կարող եմ անել։',
  askUsername:
    'Լավ։ Հիմա ընտրենք ձեր բոտի օգտանունը։ Այն պետք է ավարտվի «bot»-ով, օրինակ՝ tetris_bot։',
  created: (u) =>
    `Արված է։ Ձեր @${u} բոտը պատրաստ է։ Bot API-ին դիմելու համար օգտագործեք այս թոքենը․`,
  keepSecure: 'Պահեք թոքենն ապահով տեղում․ ում մոտ այն կա, նա է կառավարում ձեր բոտը։',
  done: 'Պատրաստ է։',
  tryAgain: 'Փորձեք կրկին։',
  refusals: {
    [BOT_MSG.usernameMustEndInBot]:
      'Բոտի օգտանունը պետք է ավարտվի «bot»-ով և ունենա 5-ից 32 լատինատառ, թվանշան կամ ընդգծում՝ սկսվելով տառով։',
    [BOT_MSG.tooManyBots]: `Կարող եք ունենալ առավելագույնը ${BOTS_PER_USER_MAX} բոտ։`,
    [BOT_MSG.descriptionTooLong]: 'Նկարագրությունը չափազանց երկար է։',
    [MSG.usernameTaken]: 'Այս օգտանունն արդեն զբաղված է։',
  },
};

const TEXTS: Record<LocaleCode, OfficialTexts> = { en, ru, fr, am };

/** The texts for a stored locale (English for none or an unknown one). */
export function officialTexts(locale: string | null | undefined): OfficialTexts {
  return isLocaleCode(locale) ? TEXTS[locale] : en;
}

/** /help: the introduction, then one line per command. */
export function helpText(t: OfficialTexts): string {
  return [t.intro, '', ...COMMANDS.map((c) => `/${c} - ${t.commands[c]}`)].join('\n');
}

/** A refusal's English text in the user's language (as is when not translated). */
export function refusal(t: OfficialTexts, english: string): string {
  return t.refusals[english] ?? english;
}
