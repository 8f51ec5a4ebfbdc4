import { sql, type Kysely } from 'kysely';

type Button = [title: string, permission: string, roles: string[]];
type Screen = [title: string, path: string, component: string, icon: string, permission: string, roles: string[], buttons: Button[]];

/** The 课程培训 menus as issue 36 seeds them (course.menus.ts), frozen here. */
const SCREENS: Screen[] = [
  [
    '教练管理',
    'coach',
    'course/coach/index',
    'team',
    'course:coach:list',
    [],
    [
      ['新增教练', 'course:coach:add', []],
      ['修改教练', 'course:coach:edit', []],
    ],
  ],
  [
    '课程管理',
    'course',
    'course/course/index',
    'book',
    'course:course:list',
    [],
    [
      ['新增课程', 'course:course:add', []],
      ['修改课程', 'course:course:edit', []],
    ],
  ],
  [
    '班级管理',
    'class',
    'course/class/index',
    'schedule',
    'course:class:list',
    [],
    [
      ['新增班级', 'course:class:add', []],
      ['修改班级', 'course:class:edit', []],
    ],
  ],
  [
    '报名管理',
    'enrolment',
    'course/enrolment/index',
    'profile',
    'course:enrolment:list',
    ['cashier'],
    [
      ['报名收款', 'course:enrolment:add', ['cashier']],
      ['转班请假补课', 'course:enrolment:edit', ['cashier']],
      ['退课', 'course:enrolment:refund', []],
      ['课程签到', 'course:check:check', ['cashier']],
    ],
  ],
  ['课时流水', 'ledger', 'course/ledger/index', 'list', 'course:ledger:list', ['cashier'], []],
];
/** The course reports at the end of 报表中心 (the folder whose path is `report`). */
const REPORTS: Screen[] = [
  ['教练课时', 'courseCoachHours', 'report/courseCoachHours/index', 'chart', 'course:report:coachHours', [], []],
  ['课时统计', 'courseLessons', 'report/courseLessons/index', 'chart', 'course:report:lessons', [], []],
  ['出勤统计', 'courseAttendance', 'report/courseAttendance/index', 'chart', 'course:report:attendance', [], []],
];

/**
 * Issue 36: every tenant made before 课程培训 gets its menus (a new tenant gets them from the seed): the
 * folder at the end of the sidebar with its screens and buttons, and the three course reports at the
 * end of its 报表中心, granted to the tenant's admin role and, where the seed grants them, to its
 * cashier role. A tenant that has them already is left alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tenants = await sql<{ id: number }>`select t.id from tenant t
    where exists (select 1 from menu m where m.tenant_id = t.id)
      and not exists (select 1 from menu m where m.tenant_id = t.id and m.permission = 'course:coach:list')`.execute(db);
  for (const { id: tenantId } of tenants.rows) {
    const roles = await sql<{ id: number; code: string }>`select id, code from role where tenant_id = ${tenantId} and code in ('admin', 'cashier')`.execute(db);
    const grant = async (menuId: number, codes: string[]) => {
      for (const code of new Set(['admin', ...codes])) {
        const roleId = roles.rows.find((r) => r.code === code)?.id;
        if (roleId) await sql`insert into role_menu (tenant_id, role_id, menu_id) values (${tenantId}, ${roleId}, ${menuId})`.execute(db);
      }
    };
    const insert = async (
      pid: number | null,
      type: number,
      title: string,
      path: string,
      component: string | null,
      icon: string | null,
      permission: string | null,
      sort: number,
    ) =>
      (
        await sql<{ id: number }>`insert into menu (tenant_id, pid, type, title, name, path, component, icon, permission, sort, hidden, no_cache, i_frame)
          values (${tenantId}, ${pid}, ${type}, ${title}, null, ${path}, ${component}, ${icon}, ${permission}, ${sort}, 0, 0, 0) returning id`.execute(db)
      ).rows[0].id;
    const screens = async (pid: number, list: Screen[], sortBase: number) => {
      let sort = sortBase;
      for (const [title, path, component, icon, permission, screenRoles, buttons] of list) {
        const screen = await insert(pid, 1, title, path, component, icon, permission, ++sort);
        await grant(screen, screenRoles);
        let buttonSort = 0;
        for (const [buttonTitle, buttonPermission, buttonRoles] of buttons)
          await grant(await insert(screen, 2, buttonTitle, '', null, null, buttonPermission, ++buttonSort), buttonRoles);
      }
    };
    const top = await sql<{ n: number | null }>`select max(sort) as n from menu where tenant_id = ${tenantId} and pid is null`.execute(db);
    const folder = await insert(null, 0, '课程培训', 'course', null, 'trophy', null, Number(top.rows[0]?.n ?? 0) + 1);
    await grant(folder, ['cashier']);
    await screens(folder, SCREENS, 0);
    const report = await sql<{ id: number }>`select id from menu where tenant_id = ${tenantId} and pid is null and type = 0 and path = 'report'`.execute(db);
    const reportId = report.rows[0]?.id;
    if (!reportId) continue;
    const last = await sql<{ n: number | null }>`select max(sort) as n from menu where tenant_id = ${tenantId} and pid = ${reportId}`.execute(db);
    await screens(reportId, REPORTS, Number(last.rows[0]?.n ?? 0));
  }
}
