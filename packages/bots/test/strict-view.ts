/**
 * Test support: a view that can only be read the way a GameView can. A strict deep read-only
 * proxy throws on a read of a property the object does not have (a GameState's `deals`, a
 * deck, another seat's hand…) and on any write; shared by the bots' and the analysis's tests.
 *
 * Fields a GameView declares optional (by variant: `rules.variant`, `deal.retourne`,
 * `deal.auction`, a result's `contract`/`coinche`): reading them when absent is allowed.
 */
const OPTIONAL = new Set(['variant', 'retourne', 'auction', 'contract', 'coinche']);

/** Deep read-only proxy that throws when a property absent from the object (and not an optional GameView field) is read. */
export function strict<T extends object>(o: T, path = 'view', reads?: Set<string>): T {
  return new Proxy(o, {
    get(target, key, receiver) {
      if (typeof key === 'symbol' || key in target || OPTIONAL.has(key)) {
        const v = Reflect.get(target, key, receiver) as unknown;
        if (typeof key === 'string') reads?.add(`${path}.${key}`);
        return typeof v === 'object' && v !== null ? strict(v, `${path}.${String(key)}`, reads) : v;
      }
      throw new Error(`bot read ${path}.${String(key)}, which a GameView does not have`);
    },
    set() { throw new Error('bot wrote into its view'); },
    deleteProperty() { throw new Error('bot deleted from its view'); },
    defineProperty() { throw new Error('bot defined a property on its view'); },
  });
}
