import type { Db } from '../../db/database.ts';

type Listener = (venueId: number | null) => void;
interface Subscriber {
  tenantId: number;
  listener: Listener;
}

/** How often a SQLite process reads the versions while a board is connected. */
const POLL_MS = 1000;
/** How long a lost PostgreSQL listener waits before connecting again. */
const RETRY_MS = 2000;
/** The longest a new stream waits for the events to be heard before it says it is ready anyway. */
const READY_WAIT_MS = 3000;

/**
 * The events that move the boards, for the boards connected to this process. PostgreSQL: one
 * connection per process LISTENs to `board_event` (the triggers of migration 2026-11-24-0901 notify at
 * commit, whichever process wrote), open only while a board is connected. SQLite: the same triggers
 * bump `board_version`, read once a second while a board is connected.
 */
export class BoardEvents {
  private readonly subscribers = new Set<Subscriber>();
  private stop?: Promise<() => Promise<void>>;
  private timer?: NodeJS.Timeout;
  private firstPoll?: Promise<void>;
  private versions = new Map<number, number>();

  constructor(private readonly db: Db) {}

  /** Calls `listener` with the venue of each event of the tenant (null: the whole tenant); the answer unsubscribes. */
  subscribe(tenantId: number, listener: Listener): () => void {
    const subscriber = { tenantId, listener };
    this.subscribers.add(subscriber);
    if (this.subscribers.size === 1) this.start();
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) this.halt();
    };
  }

  /**
   * Resolves once this process hears the events (PostgreSQL: its LISTEN is on; SQLite: the versions
   * first read), at most READY_WAIT_MS: a write after it reaches the subscribers, none falls between.
   */
  async listening(): Promise<void> {
    const heard = Promise.resolve(this.stop ?? this.firstPoll).then(
      () => undefined,
      () => undefined,
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([heard, new Promise<void>((resolve) => (timer = setTimeout(resolve, READY_WAIT_MS)))]);
    clearTimeout(timer);
  }

  private emit(tenantId: number, venueId: number | null) {
    for (const s of this.subscribers) if (s.tenantId === tenantId) s.listener(venueId);
  }

  private start() {
    const listen = this.db.listen;
    if (listen) {
      const connect = (): Promise<() => Promise<void>> =>
        listen(
          'board_event',
          (payload) => {
            const [tenant, venue] = payload.split(':');
            this.emit(Number(tenant), venue ? Number(venue) : null);
          },
          () => this.reconnect(connect),
        ).catch((error: Error) => {
          console.error('board events: LISTEN failed:', error.message);
          this.reconnect(connect);
          return async () => undefined;
        });
      this.stop = connect();
      return;
    }
    this.firstPoll = this.poll(true);
    this.timer = setInterval(() => void this.poll(false), POLL_MS);
  }

  private reconnect(connect: () => Promise<() => Promise<void>>) {
    if (!this.stop) return;
    const lost = this.stop;
    this.stop = new Promise((resolve) => setTimeout(resolve, RETRY_MS)).then(async () => {
      await (
        await lost
      )();
      return this.subscribers.size ? connect() : async () => undefined;
    });
  }

  private async poll(first: boolean) {
    try {
      const rows = await this.db.kysely.selectFrom('board_version').select(['tenant_id', 'version']).execute();
      for (const r of rows) {
        if (!first && this.versions.get(r.tenant_id) !== r.version) this.emit(r.tenant_id, null);
        this.versions.set(r.tenant_id, r.version);
      }
    } catch (error) {
      console.error('board events: poll failed:', (error as Error).message);
    }
  }

  private halt() {
    clearInterval(this.timer);
    this.timer = undefined;
    this.firstPoll = undefined;
    const stop = this.stop;
    this.stop = undefined;
    void stop?.then((end) => end());
  }
}
