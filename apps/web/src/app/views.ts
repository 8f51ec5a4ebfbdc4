import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import type { MenuNode, ScreenKey } from '@venue/contract';
import { SCREENS } from '@venue/contract/screens';
import { viewRoutes } from '@/lib/menu-routes';
import { readyLazy } from '@/lib/ready-lazy';
import { pageFailed, pageLoading } from './page-states';

type View = ReturnType<typeof readyLazy<object>>;
/** A screen's page, in a chunk of its own: `preload` loads it, `Component` renders it (at once once loaded). */
const page = (load: () => Promise<{ default: ComponentType }>): View =>
  readyLazy(() => load().then((m) => m.default), { fallback: pageLoading, failed: pageFailed });

/** One view per screen key, each loaded in its own chunk; the type refuses a missing or unknown key. */
const screenViews = {
  [SCREENS.systemUser]: page(() => import('@/features/system/pages/UserPage')),
  [SCREENS.systemDict]: page(() => import('@/features/system/pages/DictPage')),
  [SCREENS.systemVenue]: page(() => import('@/features/venue-admin/pages/VenuePage')),
  [SCREENS.systemAudit]: page(() => import('@/features/system/pages/AuditPage')),
  [SCREENS.systemRole]: page(() => import('@/features/system/pages/RolePage')),
  [SCREENS.systemMenu]: page(() => import('@/features/menu-admin/pages/MenuPage')),
  [SCREENS.goodsClassification]: page(() => import('@/features/goods/pages/ClassificationPage')),
  [SCREENS.goodsWarehouse]: page(() => import('@/features/goods/pages/WarehousePage')),
  [SCREENS.goodsArchive]: page(() => import('@/features/goods/pages/GoodsArchivePage')),
  [SCREENS.goodsStock]: page(() => import('@/features/goods/pages/StockPage')),
  [SCREENS.goodsSupplier]: page(() => import('@/features/goods/pages/SupplierPage')),
  [SCREENS.goodsSaleOrder]: page(() => import('@/features/cashier/pages/SaleOrderPage')),
  [SCREENS.systemPayment]: page(() => import('@/features/cashier/pages/PaymentMethodPage')),
  [SCREENS.systemPayReconcile]: page(() => import('@/features/cashier/pages/PayReconcilePage')),
  [SCREENS.memberCard]: page(() => import('@/features/member-life/pages/MemberCardsPage')),
  [SCREENS.memberArchive]: page(() => import('@/features/member-life/pages/MemberArchivePage')),
  [SCREENS.memberCardType]: page(() => import('@/features/member-life/pages/CardTypePage')),
  [SCREENS.memberBlacklistRule]: page(() => import('@/features/member-life/pages/BlacklistRulePage')),
  [SCREENS.memberReadCards]: page(() => import('@/features/member-card/pages/ReadCardsPage')),
  [SCREENS.goodsStockIn]: page(() => import('@/features/goods/pages/StockInPage')),
  [SCREENS.gateArea]: page(() => import('@/features/gate/pages/AreaPage')),
  [SCREENS.gateController]: page(() => import('@/features/gate/pages/ControllerPage')),
  [SCREENS.gateGate]: page(() => import('@/features/gate/pages/GatePage')),
  [SCREENS.gatePass]: page(() => import('@/features/gate/pages/PassPage')),
  [SCREENS.gateCommand]: page(() => import('@/features/gate/pages/CommandPage')),
  [SCREENS.marketingCouponRecord]: page(() => import('@/features/verify/pages/VoucherRecordPage')),
  [SCREENS.leaseGoods]: page(() => import('@/features/lease/pages/LeaseGoodsPage')),
  [SCREENS.leaseOrder]: page(() => import('@/features/lease/pages/LeaseOrderPage')),
  [SCREENS.leaseDesk]: page(() => import('@/features/lease/pages/LeaseDeskPage')),
  [SCREENS.hand]: page(() => import('@/features/hand/pages/HandPage')),
  [SCREENS.ticketType]: page(() => import('@/features/ticket/pages/TicketTypePage')),
  [SCREENS.ticketOrder]: page(() => import('@/features/ticket/pages/TicketSalePage')),
  [SCREENS.lecture]: page(() => import('@/features/lecture/pages/LecturePage')),
  [SCREENS.lectureOrder]: page(() => import('@/features/lecture/pages/LectureOrderPage')),
  [SCREENS.bookingGrid]: page(() => import('@/features/booking/pages/BookingGridPage')),
  [SCREENS.bookingOrder]: page(() => import('@/features/booking/pages/BookingOrderPage')),
  [SCREENS.bookingField]: page(() => import('@/features/booking/pages/BookingFieldPage')),
  [SCREENS.bookingUsage]: page(() => import('@/features/reports/pages/BookingUsageReportPage')),
  [SCREENS.courseCoach]: page(() => import('@/features/course/pages/CoachPage')),
  [SCREENS.courseCourse]: page(() => import('@/features/course/pages/CoursePage')),
  [SCREENS.courseClass]: page(() => import('@/features/course/pages/ClassPage')),
  [SCREENS.courseEnrolment]: page(() => import('@/features/course/pages/EnrolmentPage')),
  [SCREENS.courseLedger]: page(() => import('@/features/course/pages/LedgerPage')),
  [SCREENS.reportCourseCoachHours]: page(() => import('@/features/reports/pages/CourseCoachHoursReportPage')),
  [SCREENS.reportCourseLessons]: page(() => import('@/features/reports/pages/CourseLessonsReportPage')),
  [SCREENS.reportCourseAttendance]: page(() => import('@/features/reports/pages/CourseAttendanceReportPage')),
  [SCREENS.marketingCoupon]: page(() => import('@/features/coupon/pages/CouponPage')),
  [SCREENS.marketingCouponIssue]: page(() => import('@/features/coupon/pages/CouponIssuePage')),
  [SCREENS.marketingMemberCoupon]: page(() => import('@/features/coupon/pages/MemberCouponPage')),
  [SCREENS.reportGoods]: page(() => import('@/features/reports/pages/GoodsReportPage')),
  [SCREENS.reportTicket]: page(() => import('@/features/reports/pages/TicketReportPage')),
  [SCREENS.reportCard]: page(() => import('@/features/reports/pages/CardReportPage')),
  [SCREENS.reportLease]: page(() => import('@/features/reports/pages/LeaseReportPage')),
  [SCREENS.reportVerify]: page(() => import('@/features/reports/pages/VerifyReportPage')),
  [SCREENS.reportShift]: page(() => import('@/features/reports/pages/ShiftReportPage')),
  [SCREENS.systemTenant]: page(() => import('@/features/system/pages/TenantPage')),
} satisfies Record<ScreenKey, View>;

/**
 * The screens a menu entry may name as its component, looked up by the component the server sends.
 * A component not listed here shows /404 (never a blank page).
 */
export const views: Record<string, View> = screenViews;

/** Loads the page of the menu screen at `pathname`, if it is one (RequireAuth: the page the app opens on). */
export function preloadScreenAt(menus: MenuNode[], pathname: string): Promise<unknown> {
  const route = viewRoutes(menus).find((r) => matchPath(r.fullPath, pathname));
  const view = route && views[route.component];
  return view ? view.preload().catch(() => undefined) : Promise.resolve();
}
