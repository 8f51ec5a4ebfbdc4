import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Permission } from '@venue/contract';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { VerifyTabProps } from './tab-props';

/** The tabs of 快速核销 (spec 2.8), in the spec's order. */
export const VERIFY_TAB_KEYS = ['certificate', 'lectureType', 'ticket', 'timeTablePre', 'course'] as const;
export type VerifyTabKey = (typeof VERIFY_TAB_KEYS)[number];

/**
 * One tab of the dialog. A tab is one component plugged in here: it renders its whole pane, using
 * KeywordBox (keyword + camera + scanner), VerifyPanels (member left, order right) and VerifyFooter
 * (取消 / its confirm) from `./components`. `permission`: any one of these codes shows the tab
 * (an empty list: every user who sees the dialog). A tab without a component is shown disabled.
 */
export interface VerifyTab {
  key: VerifyTabKey;
  title: string;
  permission: readonly Permission[];
  component?: LazyExoticComponent<ComponentType<VerifyTabProps>>;
}

/** The registry: one entry per tab, in any order (the dialog orders them by VERIFY_TAB_KEYS). */
export const VERIFY_TABS: readonly VerifyTab[] = [
  {
    key: 'certificate',
    title: '优惠券/团购券',
    permission: [PERMISSIONS.marketing.coupon.verify],
    component: lazy(() => import('./voucher/CertificateTab')),
  },
  { key: 'lectureType', title: '讲座活动', permission: [PERMISSIONS.lecture.check.check], component: lazy(() => import('./lecture/LectureTab')) },
  { key: 'ticket', title: '票务业务', permission: [PERMISSIONS.ticket.check.check], component: lazy(() => import('./ticket/TicketTab')) },
  {
    key: 'timeTablePre',
    title: '场馆业务',
    permission: [PERMISSIONS.booking.check.check],
    component: lazy(() => import('./booking/BookingTab')),
  },
  { key: 'course', title: '课程培训', permission: [PERMISSIONS.course.check.check], component: lazy(() => import('./course/CourseTab')) },
];

/** The tabs a user sees, in the spec's order: those whose permission the user holds (`allows` decides). */
export function visibleTabs(allows: (codes: readonly Permission[]) => boolean, tabs: readonly VerifyTab[] = VERIFY_TABS): VerifyTab[] {
  return tabs.filter((t) => t.permission.length === 0 || allows(t.permission)).sort((a, b) => VERIFY_TAB_KEYS.indexOf(a.key) - VERIFY_TAB_KEYS.indexOf(b.key));
}

/** Every code that opens the dialog: it shows for a user holding the permission of any one built tab. */
export const VERIFY_PERMISSIONS: readonly Permission[] = VERIFY_TABS.filter((t) => t.component).flatMap((t) => t.permission);
