import svgCaptcha from 'svg-captcha';
import { auth as contract, Code, holdsRule, Msg, type UserInfo } from '@venue/contract';
import { addMs, iso, type Clock } from '../../lib/clock.ts';
import { BizError, forbidden, loginExpired, refuse } from '../../lib/errors.ts';
import { hashToken, newToken, newUuid, verifyPassword } from '../../lib/secrets.ts';
import type { Access, Session } from '../../plugins/session.ts';
import type { UserService } from '../user/user.service.ts';
import type { VenueService } from '../venue/venue.service.ts';
import type { AuthRepository } from './auth.repository.ts';

const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const CAPTCHA_LIFETIME_MS = 2 * 60 * 1000;
/** Per client, beyond this many attempts without a success in the window logins are refused outright. */
const HARD_LIMIT_PER_CLIENT = 30;

/** Login attempts of a user name since its last success. */
const userKey = (username: string) => `user:${username.toLowerCase()}`;
/** Login attempts from a client since its last success: the hard limit. */
const clientKey = (ip: string) => `ip:${ip}`;
/**
 * Wrong passwords from a client since its last success: the captcha against guessing across user names.
 * Failures, not attempts, so many tills behind one address that log in together are not asked for one.
 */
const clientFailureKey = (ip: string) => `ipfail:${ip}`;

export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly users: UserService,
    private readonly venues: VenueService,
    private readonly clock: Clock,
  ) {}

  private windowStart() {
    return iso(addMs(this.clock.now(), -FAILURE_WINDOW_MS));
  }

  async needsCaptcha(username: string | undefined, ip: string): Promise<boolean> {
    const since = this.windowStart();
    const counts = await Promise.all([this.repo.failureCount(clientFailureKey(ip), since), username ? this.repo.failureCount(userKey(username), since) : 0]);
    return counts.some((n) => n >= contract.CAPTCHA_AFTER_FAILURES);
  }

  async captcha() {
    const image = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f0f5ff' });
    const uuid = newUuid();
    const now = this.clock.now();
    await this.repo.purgeExpired(iso(now));
    await this.repo.saveCaptcha(uuid, image.text.toLowerCase(), iso(addMs(now, CAPTCHA_LIFETIME_MS)));
    return { uuid, img: `data:image/svg+xml;base64,${Buffer.from(image.data).toString('base64')}` };
  }

  /**
   * Every attempt is counted in the database before its password is checked, by one statement that
   * answers the new count (per user name and per client). So at most CAPTCHA_AFTER_FAILURES
   * passwords of a user are checked without a captcha, even for guesses that arrive together or reach
   * different server processes; each check beyond that spends a one-use captcha. Wrong passwords from
   * one client ask for a captcha too, whatever the user names. A success resets the counts.
   */
  async login(body: contract.LoginBody, ip: string): Promise<{ token: string; user: UserInfo }> {
    const now = this.clock.now();
    const clientAttempts = await this.countAttempt(clientKey(ip));
    if (clientAttempts > HARD_LIMIT_PER_CLIENT) throw new BizError(Code.REPEAT, Msg.tooManyAttempts, 429);
    const userAttempts = await this.countAttempt(userKey(body.username));
    const clientFailures = await this.repo.failureCount(clientFailureKey(ip), this.windowStart());
    if (userAttempts > contract.CAPTCHA_AFTER_FAILURES || clientFailures >= contract.CAPTCHA_AFTER_FAILURES) {
      if (!body.code || !body.uuid) throw refuse(Msg.captchaRequired);
      const answer = await this.repo.takeCaptcha(body.uuid, iso(now));
      if (!answer || answer !== body.code.toLowerCase()) throw refuse(Msg.captchaWrong);
    }
    const user = await this.repo.findUserByUsername(body.username);
    // The user's attempt was counted before the check; the client's failures are counted now.
    if (!user || !(await verifyPassword(user.password_hash, body.password))) {
      await this.countAttempt(clientFailureKey(ip));
      throw refuse(Msg.badCredentials);
    }
    if (user.state !== 'A') throw refuse(Msg.userDisabled);
    await this.repo.clearFailures([userKey(body.username), clientKey(ip), clientFailureKey(ip)]);
    const token = newToken();
    await this.repo.createSession({
      tokenHash: hashToken(token),
      tenantId: user.tenant_id,
      userId: user.id,
      kind: 'user',
      venueId: null,
      createdAt: iso(now),
      expiresAt: iso(addMs(now, contract.TOKEN_LIFETIME_MS)),
    });
    return { token, user: await this.users.info(user.tenant_id, user.id) };
  }

  private countAttempt(key: string) {
    return this.repo.countAttempt(key, iso(this.clock.now()), this.windowStart());
  }

  async logout(session: Session): Promise<void> {
    await this.repo.revokeSession(session.sessionId, iso(this.clock.now()));
  }

  /** A read-only token for the public boards of one venue, valid one day. */
  async anonymousToken(venueId: number) {
    const venue = await this.venues.findAnyVenue(venueId);
    if (!venue || venue.state !== 'A') throw new BizError(Code.NOT_EXISTENT, '场馆不存在或已停用');
    const token = newToken();
    const now = this.clock.now();
    const expiresAt = iso(addMs(now, contract.TOKEN_LIFETIME_MS));
    await this.repo.createSession({
      tokenHash: hashToken(token),
      tenantId: venue.tenant_id,
      userId: null,
      kind: 'anonymous',
      venueId,
      createdAt: iso(now),
      expiresAt,
    });
    return { token, tenantId: venue.tenant_id, venueId, expiresAt };
  }

  async checkAnonymous(token: string) {
    const row = await this.repo.findLiveSession(hashToken(token), iso(this.clock.now()));
    return row && row.kind === 'anonymous'
      ? { valid: true, venueId: row.venue_id, expiresAt: row.expires_at }
      : { valid: false, venueId: null, expiresAt: null };
  }

  /** Resolves the caller of a request and applies the route's access rule. */
  async authorize(token: string | undefined, access: Access): Promise<Session | null> {
    const session = token ? await this.resolve(token) : null;
    if (access === 'public') return session;
    if (!session) throw loginExpired();
    if (session.kind === 'anonymous') {
      if (access === 'board') return session;
      throw new BizError(Code.NO_AUTHORIZATION, Msg.anonymousReadOnly, 403);
    }
    if (typeof access === 'object' && !holdsRule(access, session.permissions)) throw forbidden();
    return session;
  }

  private async resolve(token: string): Promise<Session | null> {
    const row = await this.repo.findLiveSession(hashToken(token), iso(this.clock.now()));
    if (!row) return null;
    if (row.kind === 'anonymous') {
      return { kind: 'anonymous', sessionId: row.id, tenantId: row.tenant_id, venueId: row.venue_id ?? 0 };
    }
    if (!row.user_id || row.user_state !== 'A') return null;
    const grants = await this.users.cachedGrantsOf(row.tenant_id, row.user_id);
    return {
      kind: 'user',
      sessionId: row.id,
      tenantId: row.tenant_id,
      userId: row.user_id,
      username: row.username ?? '',
      roles: grants.roles,
      permissions: grants.permissions,
      isAdmin: grants.isAdmin,
      venueIds: grants.venueIds,
    };
  }
}
