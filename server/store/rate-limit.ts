/** A counter of attempts per key over a window (rate-limiter-flexible's options, named for what they mean). */
export interface RateLimitOptions {
  /** Keeps one limiter's keys apart from another's. */
  keyPrefix: string;
  /** Attempts allowed per window. */
  points: number;
  durationSeconds: number;
  /** How long a key that went over stays blocked. */
  blockSeconds: number;
}
