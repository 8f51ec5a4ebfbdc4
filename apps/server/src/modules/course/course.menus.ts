import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

const P = PERMISSIONS.course;
/**
 * 课程培训 (issue 36): coaches, courses and classes (the back office's), enrolments with their 收款,
 * transfers, leave and make-up, sign-in and the lesson ledger (the desk's: the demo cashier's), refunds of
 * unused lessons (the back office's).
 */
export const COURSE_MENUS: MenuSeed = {
  title: '课程培训',
  path: 'course',
  icon: 'trophy',
  children: [
    {
      title: '教练管理',
      path: 'coach',
      component: SCREENS.courseCoach,
      icon: 'team',
      permission: P.coach.list,
      buttons: [
        ['新增教练', P.coach.add],
        ['修改教练', P.coach.edit],
      ],
    },
    {
      title: '课程管理',
      path: 'course',
      component: SCREENS.courseCourse,
      icon: 'book',
      permission: P.course.list,
      buttons: [
        ['新增课程', P.course.add],
        ['修改课程', P.course.edit],
      ],
    },
    {
      title: '班级管理',
      path: 'class',
      component: SCREENS.courseClass,
      icon: 'schedule',
      permission: P.class.list,
      buttons: [
        ['新增班级', P.class.add],
        ['修改班级', P.class.edit],
      ],
    },
    {
      title: '报名管理',
      path: 'enrolment',
      component: SCREENS.courseEnrolment,
      icon: 'profile',
      permission: P.enrolment.list,
      roles: ['cashier'],
      buttons: [
        ['报名收款', P.enrolment.add, ['cashier']],
        ['转班请假补课', P.enrolment.edit, ['cashier']],
        ['退课', P.enrolment.refund],
        ['课程签到', P.check.check, ['cashier']],
      ],
    },
    { title: '课时流水', path: 'ledger', component: SCREENS.courseLedger, icon: 'list', permission: P.ledger.list, roles: ['cashier'] },
  ],
};

/** The course reports, at the end of 报表中心. */
export const COURSE_REPORT_MENUS: MenuSeed[] = [
  { title: '教练课时', path: 'courseCoachHours', component: SCREENS.reportCourseCoachHours, icon: 'chart', permission: P.report.coachHours },
  { title: '课时统计', path: 'courseLessons', component: SCREENS.reportCourseLessons, icon: 'chart', permission: P.report.lessons },
  { title: '出勤统计', path: 'courseAttendance', component: SCREENS.reportCourseAttendance, icon: 'chart', permission: P.report.attendance },
];
