import { LECTURE_MENUS } from './lecture.menus.ts';
import type { AuditService } from '../audit/index.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import { defineModule } from '../module.ts';
import { lectureKind } from './lecture-payable.ts';
import { LectureRepository } from './lecture.repository.ts';
import { lectureRoutes, type LectureServices } from './lecture.routes.ts';
import { LectureService } from './lecture.service.ts';

export type { LectureServices };

/** Lectures (讲座): activities with sessions, ticket types and capacity; sign-ups paid at the till; verification of participants. */
export const lectureModule = defineModule({
  key: 'lectures',
  services: ({ db, clock }, { checkout, audit }: { checkout: CheckoutServices; audit: AuditService }): LectureServices => {
    const repo = new LectureRepository(db.kysely);
    return { lectures: new LectureService(repo, audit, clock), kind: lectureKind(repo), checkout };
  },
  routes: (app, guard, lectures) => lectureRoutes(app, guard, lectures),
  menus: [{ sidebar: 2.3, menu: LECTURE_MENUS }],
});
