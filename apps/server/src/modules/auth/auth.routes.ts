import type { FastifyInstance } from 'fastify';
import { auth, holdsAdmin } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { MenuService } from '../menu/index.ts';
import type { UserService } from '../user/user.service.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(app: FastifyInstance, guard: Guard, auths: AuthService, users: UserService, menus: MenuService): void {
  route(app, guard, auth.login, async ({ body, req }) => {
    const { token, user } = await auths.login(body, req.ip);
    return { token, user, menus: await menus.userTree(user.tenantId, user.userId, holdsAdmin(user.permissions)) };
  });
  route(app, guard, auth.info, ({ session }) => users.info(session.tenantId, session.userId));
  route(app, guard, auth.captcha, () => auths.captcha());
  route(app, guard, auth.checkNeedCaptcha, async ({ query, req }) => ({
    needCaptcha: await auths.needsCaptcha(query.username, req.ip),
  }));
  route(app, guard, auth.logout, async ({ session }) => {
    await auths.logout(session);
    return null;
  });
  route(app, guard, auth.getAnonymous, ({ body, req }) => auths.anonymousToken(body.venueId, req.ip));
  route(app, guard, auth.checkAnonymous, ({ body }) => auths.checkAnonymous(body.token));
  // The user's own password: throttled like login, and a change ends the user's other sessions.
  route(app, guard, auth.checkPassword, ({ session, body }) => auths.checkPassword(session, body.password));
  route(app, guard, auth.updatePassword, ({ session, body }) => auths.updatePassword(session, body.oldPass, body.newPass));
}
