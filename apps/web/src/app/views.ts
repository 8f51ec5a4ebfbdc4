import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenKey } from '@venue/contract';
import { SCREENS } from '@venue/contract/screens';

type View = LazyExoticComponent<ComponentType>;

/** One view per screen key, each loaded in its own chunk; the type refuses a missing or unknown key. */
const screenViews = {
  [SCREENS.systemUser]: lazy(() => import('@/features/system/pages/UserPage')),
  [SCREENS.systemDict]: lazy(() => import('@/features/system/pages/DictPage')),
  [SCREENS.systemVenue]: lazy(() => import('@/features/venue-admin/pages/VenuePage')),
  [SCREENS.systemAudit]: lazy(() => import('@/features/system/pages/AuditPage')),
  [SCREENS.systemRole]: lazy(() => import('@/features/system/pages/RolePage')),
  [SCREENS.systemMenu]: lazy(() => import('@/features/menu-admin/pages/MenuPage')),
  [SCREENS.goodsClassification]: lazy(() => import('@/features/goods/pages/ClassificationPage')),
  [SCREENS.goodsWarehouse]: lazy(() => import('@/features/goods/pages/WarehousePage')),
  [SCREENS.goodsArchive]: lazy(() => import('@/features/goods/pages/GoodsArchivePage')),
  [SCREENS.goodsStock]: lazy(() => import('@/features/goods/pages/StockPage')),
  [SCREENS.goodsSupplier]: lazy(() => import('@/features/goods/pages/SupplierPage')),
  [SCREENS.goodsSaleOrder]: lazy(() => import('@/features/cashier/pages/SaleOrderPage')),
  [SCREENS.systemPayment]: lazy(() => import('@/features/cashier/pages/PaymentMethodPage')),
  [SCREENS.systemPayReconcile]: lazy(() => import('@/features/cashier/pages/PayReconcilePage')),
  [SCREENS.memberCard]: lazy(() => import('@/features/member-life/pages/MemberCardsPage')),
  [SCREENS.memberArchive]: lazy(() => import('@/features/member-life/pages/MemberArchivePage')),
  [SCREENS.memberCardType]: lazy(() => import('@/features/member-life/pages/CardTypePage')),
  [SCREENS.memberBlacklistRule]: lazy(() => import('@/features/member-life/pages/BlacklistRulePage')),
  [SCREENS.memberReadCards]: lazy(() => import('@/features/member-card/pages/ReadCardsPage')),
  [SCREENS.goodsStockIn]: lazy(() => import('@/features/goods/pages/StockInPage')),
  [SCREENS.gateArea]: lazy(() => import('@/features/gate/pages/AreaPage')),
  [SCREENS.gateController]: lazy(() => import('@/features/gate/pages/ControllerPage')),
  [SCREENS.gateGate]: lazy(() => import('@/features/gate/pages/GatePage')),
  [SCREENS.gatePass]: lazy(() => import('@/features/gate/pages/PassPage')),
  [SCREENS.gateCommand]: lazy(() => import('@/features/gate/pages/CommandPage')),
  [SCREENS.marketingCouponRecord]: lazy(() => import('@/features/verify/pages/VoucherRecordPage')),
  [SCREENS.leaseGoods]: lazy(() => import('@/features/lease/pages/LeaseGoodsPage')),
  [SCREENS.leaseOrder]: lazy(() => import('@/features/lease/pages/LeaseOrderPage')),
  [SCREENS.leaseDesk]: lazy(() => import('@/features/lease/pages/LeaseDeskPage')),
  [SCREENS.hand]: lazy(() => import('@/features/hand/pages/HandPage')),
  [SCREENS.ticketType]: lazy(() => import('@/features/ticket/pages/TicketTypePage')),
  [SCREENS.ticketOrder]: lazy(() => import('@/features/ticket/pages/TicketSalePage')),
  [SCREENS.lecture]: lazy(() => import('@/features/lecture/pages/LecturePage')),
  [SCREENS.lectureOrder]: lazy(() => import('@/features/lecture/pages/LectureOrderPage')),
  [SCREENS.bookingGrid]: lazy(() => import('@/features/booking/pages/BookingGridPage')),
  [SCREENS.bookingOrder]: lazy(() => import('@/features/booking/pages/BookingOrderPage')),
  [SCREENS.bookingField]: lazy(() => import('@/features/booking/pages/BookingFieldPage')),
  [SCREENS.bookingUsage]: lazy(() => import('@/features/reports/pages/BookingUsageReportPage')),
  [SCREENS.courseCoach]: lazy(() => import('@/features/course/pages/CoachPage')),
  [SCREENS.courseCourse]: lazy(() => import('@/features/course/pages/CoursePage')),
  [SCREENS.courseClass]: lazy(() => import('@/features/course/pages/ClassPage')),
  [SCREENS.courseEnrolment]: lazy(() => import('@/features/course/pages/EnrolmentPage')),
  [SCREENS.courseLedger]: lazy(() => import('@/features/course/pages/LedgerPage')),
  [SCREENS.reportCourseCoachHours]: lazy(() => import('@/features/reports/pages/CourseCoachHoursReportPage')),
  [SCREENS.reportCourseLessons]: lazy(() => import('@/features/reports/pages/CourseLessonsReportPage')),
  [SCREENS.reportCourseAttendance]: lazy(() => import('@/features/reports/pages/CourseAttendanceReportPage')),
  [SCREENS.marketingCoupon]: lazy(() => import('@/features/coupon/pages/CouponPage')),
  [SCREENS.marketingCouponIssue]: lazy(() => import('@/features/coupon/pages/CouponIssuePage')),
  [SCREENS.marketingMemberCoupon]: lazy(() => import('@/features/coupon/pages/MemberCouponPage')),
  [SCREENS.reportGoods]: lazy(() => import('@/features/reports/pages/GoodsReportPage')),
  [SCREENS.reportTicket]: lazy(() => import('@/features/reports/pages/TicketReportPage')),
  [SCREENS.reportCard]: lazy(() => import('@/features/reports/pages/CardReportPage')),
  [SCREENS.reportLease]: lazy(() => import('@/features/reports/pages/LeaseReportPage')),
  [SCREENS.reportVerify]: lazy(() => import('@/features/reports/pages/VerifyReportPage')),
  [SCREENS.reportShift]: lazy(() => import('@/features/reports/pages/ShiftReportPage')),
  [SCREENS.systemTenant]: lazy(() => import('@/features/system/pages/TenantPage')),
} satisfies Record<ScreenKey, View>;

/**
 * The screens a menu entry may name as its component, looked up by the component the server sends.
 * A component not listed here shows /404 (never a blank page).
 */
export const views: Record<string, View> = screenViews;
