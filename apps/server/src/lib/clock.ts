/** The server's sense of now, replaceable in tests. Stored timestamps are ISO-8601 UTC. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export const iso = (date: Date) => date.toISOString();
export const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** China-time text and arithmetic live in the contract (china-time.ts), one module for server and web. */
export { DAY_MS } from '@venue/contract';
