/**
 * The message keys of the refusals the gateway sends.
 *
 * A failure envelope is `{code, msg, data}` (the spec's) and may carry two more fields: `key`, a stable
 * dotted message key of this catalogue, and `params`, the values its text interpolates. `code` stays the
 * spec's catalogue code (`-1` for most of these); `msg` stays the English text, rendered from the template
 * below. The client shows the text of `key` from its locale files (namespace `errors`, the same dotted
 * path: `errors:auth.oldPasswordWrong`), or of `code` when there is no key, and falls back to `msg` only for
 * a key or code it does not know.
 *
 * Adding a refusal: add its key here with its English template (`{{name}}` for each parameter), then its
 * text in `client/src/locales/<lng>/errors.json` for the four languages (a unit test fails until every
 * locale has it), and throw it with `refuse.*(key, params)` or `new AppError(code, status, {key, params})`.
 * Keys are `<area>.<camelCase>`; a key never changes meaning once shipped.
 */
export const MESSAGES = {
  // The request itself
  'request.invalid': 'invalid request',
  'request.invalidJson': 'invalid JSON body',
  'request.tooLarge': 'request body too large (limit {{limit}})',
  'request.unsupportedEncoding': 'unsupported body encoding',
  'request.aborted': 'request aborted',
  'request.failed': 'Request fail',
  'request.notFound': 'Not found',
  'request.notImplemented': 'Not implemented yet',
  'request.tooMany': 'too many requests, slow down',
  'server.internal': 'Internal error',
  'server.databaseUnavailable': 'database unavailable',

  // Access and scope
  'access.noPermission': 'No permission',
  'access.providerOutOfScope': 'provider not in your scope',
  'access.currencyOutOfScope': 'currency not in your scope',
  'access.providerOutside': 'provider {{provider}} is outside your scope',
  'access.currencyOutside': 'currency {{currency}} is outside your scope',
  'access.allProvidersOutside': 'all providers are outside your scope',
  'access.allCurrenciesOutside': 'all currencies are outside your scope',

  // Sign-in and the profile
  'auth.tooManyLogins': 'Too many login attempts, please try again in a minute',
  'auth.oldPasswordWrong': 'old password is wrong',
  'auth.accountWrong': 'Account wrong',
  'auth.passwordsInconsistent': 'Two passwords are inconsistent',

  // Roles
  'role.notFound': 'role not found',
  'role.permissionsEmpty': 'permissions cannot be empty',
  'role.unknownPermission': 'unknown permission code {{code}}',
  'role.grantNotHeld': 'cannot grant permission {{code}} that you do not hold',
  'role.editNotHeld': 'cannot edit a role holding permissions you do not hold',
  'role.deleteNotHeld': 'cannot delete a role holding permissions you do not hold',

  // Staff accounts
  'staff.roleNotFound': 'role not found',
  'staff.assignNotHeld': 'cannot assign a role holding permissions you do not hold',
  'staff.editOutside': 'cannot edit an account outside your permissions or scope',
  'staff.deleteOutside': 'cannot delete an account outside your permissions or scope',
  'staff.editPeer': 'cannot edit an account holding the same permissions and scope as yours',
  'staff.deletePeer': 'cannot delete an account holding the same permissions and scope as yours',
  'staff.editSelf': 'cannot edit your own account here: change your password in Profile',
  'staff.accountCharacters': 'account name may hold letters, digits and _ . @ - only',

  // Wall screens (display tokens)
  'display.badCode': 'not a pairing code',
  'display.codeUnknown': 'no pending pairing request with this code, or it expired',
  'display.notFound': 'display not found',
  'display.roleNotFound': 'role not found',
  'display.noMonitorCode': 'the role holds no monitor permission (3000, 8000 or 11001)',
  'display.grantNotHeld': 'cannot grant monitor permission {{code}} that you do not hold',
  'display.watchOnly': 'a wall screen can only watch',
  'display.tooManyPairings': 'too many pairing requests, please try again in a minute',

  // Risk engine
  'risk.groupNotFound': 'cross-bet group not found',
  'risk.alertNotFound': 'alert not found',
  'risk.alertResolved': 'the alert is resolved: reopen it first',
  'risk.alertNotResolved': 'only a resolved alert can be reopened',
  'risk.snoozeRange': 'snooze until a time within the next 30 days',
  'risk.assigneeNotFound': 'the account to assign to does not exist',
  'risk.manualDuplicate': 'Account and Provide Duplicate!',
  'risk.manualNotFound': 'risk list entry not found',
  'risk.telegramGroupId': 'group id must be a Telegram chat id or @name',
  'risk.telegramNotFound': 'Telegram group not found',
  'risk.telegramNotConfigured': 'no Telegram bot token is configured (DMS_TELEGRAM_BOT_TOKEN)',
  'risk.backtestNotFound': 'backtest not found: it is not yours, or it finished too long ago',
  'risk.backtestBusy': 'too many backtests are running; try again in a few minutes',
  'risk.backtestTimeout': 'the backtest took longer than its time limit and was stopped',
  'risk.backtestFailed': 'the backtest failed; see the gateway log',

  // Base data
  'base.unknownProvider': 'unknown provider {{provider}}',
  'base.unknownCurrency': 'unknown currency {{currency}}',

  // Statistics (the spec's search-page messages, section 5, are the validation.* keys below)
  'stats.badCursor': 'cursor is not valid for this query: go back to page 1',

  // Exchange rates
  'rates.notFound': 'no exchange rate of {{currency}} on {{day}}',
  'rates.baseCurrency': 'the rate of {{currency}} is always 1: it is the base currency',
  'rates.csvEmpty': 'the file has no rate line',
  'rates.csvInvalid': 'the file has {{count}} invalid lines; nothing was imported',
  'rates.csvTooManyLines': 'at most {{max}} lines per import',
  'rates.csvColumns': 'line {{line}} has {{count}} columns; a line is day,currency,rate',
  'rates.csvDay': 'line {{line}}: the day must be written YYYY-MM-DD',
  'rates.csvCurrency': 'line {{line}}: not a currency code',
  'rates.csvRate': 'line {{line}}: the rate must be a number greater than 0',
  'rates.csvBase': 'line {{line}}: {{currency}} is the base currency, its rate is always 1',
  'rates.csvDuplicate': 'line {{line}} repeats the rate of {{currency}} on {{day}} (line {{first}})',
  'rates.unknownCurrency': 'unknown currency {{currency}}',

  // Table setting (spec: "ID already exists", "Game ID have already exist")
  'tables.idExists': 'ID already exists',
  'tables.gameNameExists': 'Game ID have already exist',
  'tables.notFound': 'table not found',
  'tables.idCharacters': 'table id may hold letters, digits and _ . : - only',
  'tables.iconType': 'the icon must be a PNG, JPEG, WebP or GIF image',
  'tables.iconTooLarge': 'the icon is larger than {{max}}',
  'tables.iconEncoding': 'the icon is not base64 data',
  // Teen Patti tools: cards typed as text, and the simulations
  'cards.empty': 'Hand {{hand}}: type the cards, e.g. AS KD QH',
  'cards.incomplete': 'Hand {{hand}}: "{{card}}" needs a rank and a suit, e.g. AS or 10H',
  'cards.unknownRank': 'Hand {{hand}}: "{{card}}" has an unknown rank "{{rank}}" (A, 2–10 or T, J, Q, K)',
  'cards.unknownSuit': 'Hand {{hand}}: "{{card}}" has an unknown suit "{{suit}}" (H, S, C, D)',
  'cards.duplicate': 'Hand {{hand}}: {{card}} is there twice',
  'cards.handSize': 'Hand {{hand}} has {{count}} cards: give 3 (Teen Patti) or 5 (poker)',
  'cards.sizesDiffer': 'the two hands must have the same number of cards to be compared',
  'cards.inBothHands': '{{card}} is in both hands: they come from one deck',
  'tpSim.notFound': 'simulation not found',
  'tpSim.notRunning': 'the simulation is not running',
  'tpSim.running': 'the simulation is still running: cancel it or wait until it ends',
  'tpSim.tooManyRunning': 'at most {{max}} simulations run at once: wait for one to end',

  // Platform ingest (machine to machine)
  'ingest.tooManyRequests': 'too many ingest requests, slow down',
  'ingest.invalidSignature': 'invalid signature',
  'ingest.staleTimestamp': 'stale timestamp',
  'ingest.notAnArray': 'events: expected an array of events',
  'ingest.emptyBatch': 'events: the batch is empty',
  'ingest.batchTooLarge': 'batch too large (at most {{max}} events)',
  'ingest.storeFailed': 'events could not be stored, retry the batch',

  // Validation of query and body fields. `field` is the field's path ("username", "events.3.amount"); the
  // client shows the field's label (`errors:field.<last segment>`) where it has one.
  'validation.ringSize': 'the largest ring must be at least the smallest',
  'validation.levelOrder': 'the high-risk score must be at least the middle-risk score',
  'validation.required': '{{field}} is required',
  'validation.invalidType': '{{field}} has the wrong type (expected {{expected}})',
  'validation.tooShort': '{{field}} must be at least {{min}} characters',
  'validation.tooLong': '{{field}} must be at most {{max}} characters',
  'validation.tooSmall': '{{field}} must be at least {{min}}',
  'validation.tooLarge': '{{field}} must be at most {{max}}',
  'validation.tooFew': '{{field}} needs at least {{min}} items',
  'validation.tooMany': '{{field}} takes at most {{max}} items',
  'validation.invalidFormat': '{{field}} is not in the expected format',
  'validation.invalidValue': '{{field}} is not one of the allowed values',
  'validation.unknownField': 'unknown field {{field}}',
  'validation.invalid': '{{field}} is not valid',
  'validation.controlCharacters': '{{field}} contains control characters',
  'validation.bidiControl': '{{field}} contains bidirectional control characters',
  'validation.integerRange': '{{field}} must be a whole number from {{min}} to {{max}}',
  'validation.providerRequired': 'Do not choose providerId !',
  'validation.currencyRequired': 'Do not choose currency !',
  'validation.dateRequired': 'Do not choose date !',
  'validation.dateOrder': 'Start date is less than end date !',
  'validation.rangeTooLong': 'The date range is at most {{max}} days !',
  'validation.noDataToDownload': 'Not have data to downoad',
  'validation.dayFormat': '{{field}} must be a day written YYYY-MM-DD',
  'validation.currencyCode': '{{field}} must be a currency code of 2–10 capital letters or digits',
  'validation.rate': '{{field}} must be a number greater than 0',
} as const;

/** A message key of the catalogue. */
export type MessageKey = keyof typeof MESSAGES;

type Placeholders<S extends string> = S extends `${string}{{${infer P}}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

/** The parameters a key's text interpolates (`{{name}}`), as the wire carries them. */
export type MessageParamsOf<K extends MessageKey> = Readonly<
  Record<Placeholders<(typeof MESSAGES)[K]>, string | number>
>;

/** The arguments after a key: none for a key without parameters, else its parameters. */
export type MessageArgs<K extends MessageKey> = [Placeholders<(typeof MESSAGES)[K]>] extends [never]
  ? []
  : [params: MessageParamsOf<K>];

/** Any key's parameters: an object of strings and numbers. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** A message as the envelope carries it beside `code` and `msg`. */
export interface Message<K extends MessageKey = MessageKey> {
  key: K;
  /** Checked against the key's text for one key; any strings and numbers for a key not known statically. */
  params?: [MessageKey] extends [K] ? MessageParams : MessageParamsOf<K>;
}

/** A message of the catalogue, with its parameters checked against the key's text. */
export function message<K extends MessageKey>(key: K, ...args: MessageArgs<K>): Message<K> {
  const params = args[0];
  return params ? { key, params } : { key };
}

/** Whether a value is a key of the catalogue. */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

/** The names of the parameters a template interpolates, in order of appearance. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] as string);
}

/** Fills a template's `{{name}}` placeholders; a missing parameter is left as `{{name}}`. */
export function interpolate(template: string, params: MessageParams | undefined): string {
  if (!params) return template;
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** The English text of a message: its template with its parameters filled in. */
export function englishText(key: MessageKey, params?: MessageParams): string {
  return interpolate(MESSAGES[key], params);
}
