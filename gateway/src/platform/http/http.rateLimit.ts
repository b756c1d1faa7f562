import type { createClient } from 'redis';
import type { IncrementResponse, Options, Store } from 'express-rate-limit';

/** The Redis client the gateway connects when `REDIS_URL` is set. */
export type RedisClient = ReturnType<typeof createClient>;

/** Counts a hit and starts the window on the first one, atomically: `{hits, ms left in the window}`. */
const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/**
 * An express-rate-limit store in Redis, so that the instances of a scale-out deployment share one count:
 * behind a load balancer, N gateways with memory stores would allow N times the limit. Fixed windows, as
 * the memory store has; each key expires with its window.
 */
export class RedisRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly redis: RedisClient,
    /** Namespace of this limiter's keys (one store per limiter). */
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const [hits, ttl] = (await this.redis.eval(INCREMENT, {
      keys: [this.prefix + key],
      arguments: [String(this.windowMs)],
    })) as [number, number];
    return { totalHits: hits, resetTime: new Date(Date.now() + ttl) };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.decr(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

/**
 * The store of one rate limiter: in Redis when the gateway has a Redis client (scale-out), otherwise
 * express-rate-limit's own memory store (`undefined`). Keys are `<namespace>:rate:<name>:<key>`.
 */
export function rateLimitStore(
  redis: RedisClient | undefined,
  name: string,
  namespace = 'dms',
): Store | undefined {
  return redis ? new RedisRateLimitStore(redis, `${namespace}:rate:${name}:`) : undefined;
}
