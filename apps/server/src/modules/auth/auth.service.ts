import { createHmac, timingSafeEqual } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { admitsBoardToken, auth as contract, Code, holdsRule, Msg, users, type UserInfo } from '@venue/contract';
import { addMs, iso, type Clock } from '../../lib/clock.ts';
import { BizError, forbidden, loginExpired, refuse } from '../../lib/errors.ts';
import { hashPassword, hashToken, newToken, newUuid, verifyPassword } from '../../lib/secrets.ts';
import type { Access, AnonymousSession, Session, UserSession } from '../../plugins/session.ts';
import type { UserService } from '../user/user.service.ts';
import type { AuditService } from '../audit/index.ts';
import type { VenueService } from '../venue/venue.service.ts';
import type { AuthRepository } from './auth.repository.ts';

const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const CAPTCHA_LIFETIME_MS = 2 * 60 * 1000;
/** Per client, beyond this many attempts without a success in the window logins are refused outright. */
const HARD_LIMIT_PER_CLIENT = 30;
/**
 * Per user name, after this many wrong passwords in the window logins are refused outright, whatever
 * the client address (a forged or rotating X-Forwarded-For, a botnet). Each check after the third
 * already spends a solved captcha, so guesses of one user stay at this many per window, and locking
 * a user out costs its attacker as many solved captchas (attempts refused for want of a captcha do
 * not count here).
 */
const HARD_LIMIT_PER_USER = 10;
/** Wrong current passwords (checkPassword, updatePassword) of one user in the window before refusing outright. */
const PASSWORD_CHECK_LIMIT = 5;
/** Board tokens issued to one client in the window. */
const BOARD_TOKENS_PER_CLIENT = 20;

/** Login attempts of a user name since its last success. */
const userKey = (username: string) => `user:${username.toLowerCase()}`;
/** Wrong passwords of a user name since its last success: the hard limit per user. */
const userFailureKey = (username: string) => `userfail:${username.toLowerCase()}`;
/** Login attempts from a client since its last success: the hard limit. */
const clientKey = (ip: string) => `ip:${ip}`;
/**
 * Wrong passwords from a client since its last success: the captcha against guessing across user names.
 * Failures, not attempts, so many tills behind one address that log in together are not asked for one.
 */
const clientFailureKey = (ip: string) => `ipfail:${ip}`;
/** Checks of a logged-in user's own password (the user name is not the key: a session knows its user). */
const passwordCheckKey = (tenantId: number, userId: number) => `pwcheck:${tenantId}:${userId}`;
/** Board tokens asked for by a client. */
const boardKey = (ip: string) => `board:${ip}`;

/** Anonymous board tokens: `b1.<tenant>.<venue>.<expires ms>.<HMAC>`, signed, stored nowhere. */
const BOARD_PREFIX = 'b1.';
const BOARD_TOKEN = /^b1\.(\d{1,10})\.(\d{1,10})\.(\d{13})\.([\w-]{43})$/;

const tooMany = () => new BizError(Code.REPEAT, Msg.tooManyAttempts, 429);
export const boardNotPublic = () => new BizError(Code.NO_AUTHORIZATION, '该场馆未开放公共看板', 403);

export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly users: UserService,
    private readonly venues: VenueService,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  /** A hash of a random password, verified for an unknown user name so it answers in the time of a wrong password. */
  private dummyHash?: Promise<string>;
  private boardKeyBytes?: Promise<Buffer>;

  private verifyAgainst(passwordHash: string | undefined, password: string): Promise<boolean> {
    if (passwordHash !== undefined) return verifyPassword(passwordHash, password);
    this.dummyHash ??= hashPassword(newToken());
    return this.dummyHash.then((dummy) => verifyPassword(dummy, password)).then(() => false);
  }

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
    if (clientAttempts > HARD_LIMIT_PER_CLIENT) throw tooMany();
    const userAttempts = await this.countAttempt(userKey(body.username));
    const [clientFailures, userFailures] = await Promise.all([
      this.repo.failureCount(clientFailureKey(ip), this.windowStart()),
      this.repo.failureCount(userFailureKey(body.username), this.windowStart()),
    ]);
    if (userFailures >= HARD_LIMIT_PER_USER) throw tooMany();
    if (userAttempts > contract.CAPTCHA_AFTER_FAILURES || clientFailures >= contract.CAPTCHA_AFTER_FAILURES) {
      if (!body.code || !body.uuid) throw refuse(Msg.captchaRequired);
      const answer = await this.repo.takeCaptcha(body.uuid, iso(now));
      if (!answer || answer !== body.code.toLowerCase()) throw refuse(Msg.captchaWrong);
    }
    const user = await this.repo.findUserByUsername(body.username);
    // The user's attempt was counted before the check; the client's failures are counted now. An
    // unknown user name is verified against a dummy hash: it takes as long as a wrong password.
    if (!(await this.verifyAgainst(user?.password_hash, body.password)) || !user) {
      await Promise.all([this.countAttempt(clientFailureKey(ip)), this.countAttempt(userFailureKey(body.username))]);
      throw refuse(Msg.badCredentials);
    }
    if (user.state !== 'A') throw refuse(Msg.userDisabled);
    await this.repo.clearFailures([userKey(body.username), userFailureKey(body.username), clientKey(ip), clientFailureKey(ip)]);
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
    // A signed board token has no row (sessionId 0): it ends by expiring or by its venue's boards closing.
    if (session.sessionId) await this.repo.revokeSession(session.sessionId, iso(this.clock.now()));
  }

  /**
   * Counts a check of the user's own password before it is made (in the database, like login) and
   * refuses outright beyond PASSWORD_CHECK_LIMIT in the window; a right password resets the count.
   */
  private async guardPasswordCheck<T>(s: UserSession, check: () => Promise<T>, passed: (result: T) => boolean): Promise<T> {
    const key = passwordCheckKey(s.tenantId, s.userId);
    if ((await this.countAttempt(key)) > PASSWORD_CHECK_LIMIT) throw tooMany();
    const result = await check();
    if (passed(result)) await this.repo.clearFailures([key]);
    return result;
  }

  async checkPassword(s: UserSession, password: string) {
    const valid = await this.guardPasswordCheck(
      s,
      () => this.users.checkPassword(s.tenantId, s.userId, password),
      (ok) => ok,
    );
    return { valid };
  }

  /** Changes the user's own password; every other session of the user ends (this one stays). */
  async updatePassword(s: UserSession, oldPass: string, newPass: string): Promise<null> {
    await this.guardPasswordCheck(
      s,
      () => this.users.updatePassword(s.tenantId, s.userId, oldPass, newPass),
      () => true,
    );
    await this.repo.revokeUserSessions(s.tenantId, s.userId, iso(this.clock.now()), s.sessionId);
    // Who changed it and when; never the password or its hash.
    await this.audit.recordNow(s, { action: 'user.password', target: `用户 ${s.username}`, after: { otherSessionsRevoked: true } });
    return null;
  }

  /** The key board tokens are signed with: one per database, shared by every server process. */
  private boardSigningKey(): Promise<Buffer> {
    if (!this.boardKeyBytes) {
      const key = this.repo.serverSecret('board-token', newToken()).then((value) => Buffer.from(value, 'utf8'));
      // A failed read is not remembered: the next call tries again.
      key.catch(() => {
        if (this.boardKeyBytes === key) this.boardKeyBytes = undefined;
      });
      this.boardKeyBytes = key;
    }
    return this.boardKeyBytes;
  }

  private async signBoard(payload: string): Promise<string> {
    return createHmac('sha256', await this.boardSigningKey())
      .update(payload)
      .digest('base64url');
  }

  /** An enabled venue whose boards are public, or a refusal: -1100 when there is no such venue, 403/510 when its boards are not public. */
  private async publicBoardVenue(venueId: number) {
    const venue = await this.venues.findAnyVenue(venueId);
    if (!venue || venue.state !== 'A') throw new BizError(Code.NOT_EXISTENT, '场馆不存在或已停用');
    if (venue.board_public !== 'T') throw boardNotPublic();
    return venue;
  }

  /**
   * A read-only token for the public boards of one venue, valid one day. It is signed, not stored:
   * asking again writes no row. Only venues whose boards are public get one; a client may ask
   * BOARD_TOKENS_PER_CLIENT times in the window (counted in the database).
   */
  async anonymousToken(venueId: number, ip: string) {
    if ((await this.countAttempt(boardKey(ip))) > BOARD_TOKENS_PER_CLIENT) throw new BizError(Code.REPEAT, '请求过于频繁，请稍后再试', 429);
    const venue = await this.publicBoardVenue(venueId);
    const expires = addMs(this.clock.now(), contract.TOKEN_LIFETIME_MS);
    const payload = `${BOARD_PREFIX}${venue.tenant_id}.${venueId}.${expires.getTime()}`;
    return { token: `${payload}.${await this.signBoard(payload)}`, tenantId: venue.tenant_id, venueId, expiresAt: iso(expires) };
  }

  /** The board session of a signed token: well-formed, signed by us, not expired, its venue's boards still public. */
  private async boardSession(token: string): Promise<AnonymousSession | null> {
    const match = BOARD_TOKEN.exec(token);
    if (!match) return null;
    const [, tenant, venue, expires, signature] = match;
    const expected = Buffer.from(await this.signBoard(`${BOARD_PREFIX}${tenant}.${venue}.${expires}`));
    const given = Buffer.from(signature!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Number(expires) <= this.clock.now().getTime()) return null;
    const row = await this.venues.findAnyVenue(Number(venue));
    if (!row || row.state !== 'A' || row.board_public !== 'T' || row.tenant_id !== Number(tenant)) return null;
    return { kind: 'anonymous', sessionId: 0, tenantId: row.tenant_id, venueId: row.id };
  }

  async checkAnonymous(token: string) {
    if (token.startsWith(BOARD_PREFIX)) {
      const board = await this.boardSession(token);
      return board
        ? { valid: true, venueId: board.venueId, expiresAt: iso(new Date(Number(token.split('.')[3]))) }
        : { valid: false, venueId: null, expiresAt: null };
    }
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
      if (admitsBoardToken(access)) return session;
      throw new BizError(Code.NO_AUTHORIZATION, Msg.anonymousReadOnly, 403);
    }
    // A password an admin reset (or the install made up) is changed first: the session's own calls only.
    if (typeof access === 'object' && session.mustChangePassword) throw new BizError(Code.NO_AUTHORIZATION, users.USER_MESSAGES.mustChange, 403);
    if (typeof access === 'object' && !holdsRule(access, session.permissions)) throw forbidden();
    return session;
  }

  private async resolve(token: string): Promise<Session | null> {
    if (token.startsWith(BOARD_PREFIX)) return this.boardSession(token);
    const row = await this.repo.findLiveSession(hashToken(token), iso(this.clock.now()));
    if (!row) return null;
    if (row.kind === 'anonymous') {
      return { kind: 'anonymous', sessionId: row.id, tenantId: row.tenant_id, venueId: row.venue_id ?? 0 };
    }
    if (!row.user_id) return null;
    if (row.user_state !== 'A') {
      // A disabled user's sessions end: enabling the user again does not bring them back.
      await this.repo.revokeUserSessions(row.tenant_id, row.user_id, iso(this.clock.now()));
      return null;
    }
    const rulesVersion = Number(row.rules_version);
    const grants = await this.users.cachedGrantsOf(row.tenant_id, row.user_id, rulesVersion);
    return {
      kind: 'user',
      sessionId: row.id,
      tenantId: row.tenant_id,
      userId: row.user_id,
      username: row.username ?? '',
      roles: grants.roles,
      permissions: grants.permissions,
      isAdmin: grants.isAdmin,
      allVenues: grants.allVenues,
      venueIds: grants.venueIds,
      rulesVersion,
      mustChangePassword: row.must_change_password === 'T',
    };
  }
}
