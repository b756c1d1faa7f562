import {
  screensOf,
  type SeqEventName,
  type ServerEventName,
  type ServerEventPayload,
} from '@dms/shared/contracts/live/events';

/**
 * Who receives a live event:
 * - `everyone`: every signed-in socket (the feed's progress);
 * - `screen`: the sockets whose account holds `permission` (a live screen: 3000 baccarat monitor, 8000 risk
 *   data, 11001 Teen Patti monitor) and whose provider scope covers at least one of `providers` (the super
 *   account's covers all);
 * - `account`: the sockets of one staff account (its own session events).
 */
export type LiveAudience =
  | { kind: 'everyone' }
  | { kind: 'screen'; permission: string; providers: readonly number[] }
  /**
   * The sockets of a live screen scoped to exactly one provider, or only those of the super account's whole
   * scope (`'all'`): for a payload made per provider beside one made for the whole scope.
   */
  | { kind: 'scoped'; permission: string; provider: number | 'all' }
  | { kind: 'account'; accountId: number };

/** Builders of {@link LiveAudience}. */
export const audience = {
  everyone: (): LiveAudience => ({ kind: 'everyone' }),
  screen: (permission: string, providers: readonly number[]): LiveAudience => ({
    kind: 'screen',
    permission,
    providers,
  }),
  account: (accountId: number): LiveAudience => ({ kind: 'account', accountId }),
  scoped: (permission: string, provider: number | 'all'): LiveAudience => ({
    kind: 'scoped',
    permission,
    provider,
  }),
};

/**
 * The one way services push live events (DESIGN.md section 6): an event of the shared contract
 * (`shared/src/contracts/live/events.ts`), its payload, and who may receive it. Services depend on this
 * port only, never on socket.io; the live server implements it (across instances through the adapter).
 * `publish` returns at once and never throws: a payload that does not match its schema is logged and not
 * sent.
 */
export interface LivePublisher {
  publish<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>, to: LiveAudience): void;
  /**
   * Publishes an event whose payload depends on the receiver's provider scope (counts of its own providers,
   * say) to every signed-in socket of this instance: `payloadFor` is called once per distinct scope among
   * them (`'all'` for the super account's), and each socket receives the payload made for its scope. Each
   * instance publishes to its own sockets.
   */
  publishByScope<E extends ServerEventName>(
    event: E,
    payloadFor: (providers: readonly number[] | 'all') => ServerEventPayload<E>,
  ): void;
}

/** A publisher that sends nothing (services used without a live server). */
export const silentPublisher: LivePublisher = {
  publish: () => undefined,
  publishByScope: () => undefined,
};

/**
 * Publishes a finding or alert change (an event with a store `seq`) to every screen it is for
 * ({@link screensOf}: cross-bet ones to 3000, 8000 and 11001, players and providers to 8000) within its
 * providers. Call it after the transaction that stored the change committed. A socket holding several of
 * those screens receives it once: the live channel delivers each `seq` once per socket, and `live:resume`
 * replays from the store what a socket missed.
 */
export function publishChange<E extends SeqEventName>(
  publisher: LivePublisher,
  event: E,
  payload: ServerEventPayload<E>,
): void {
  for (const code of screensOf(event, payload))
    publisher.publish(event, payload, audience.screen(code, payload.providers));
}
