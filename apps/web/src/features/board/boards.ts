/** Spec 2.1's board routes: which page draws each, its title, and whether it opens without a login (spec 2.2). */
export type BoardKind = 'flow' | 'revenue' | 'cockpit' | 'course' | 'video';
export interface BoardRoute {
  path: string;
  title: string;
  kind: BoardKind;
  public: boolean;
  /** A flow board that also shows today's booking fields live (issue 35). */
  fields?: boolean;
}

export const BOARD_ROUTES: readonly BoardRoute[] = [
  { path: '/flow/video', title: '视频核销', kind: 'video', public: true },
  { path: '/flow/flowDashboard', title: '客流大屏', kind: 'flow', public: true },
  { path: '/flowDataBoard', title: '客流看板', kind: 'flow', public: false },
  { path: '/indexTX', title: '客流看板', kind: 'flow', public: true },
  { path: '/fieldTX', title: '场馆客流看板', kind: 'flow', public: true, fields: true },
  { path: '/bigScreen', title: '综合大屏', kind: 'cockpit', public: false },
  { path: '/bigScreenRevenue', title: '营收大屏', kind: 'revenue', public: false },
  { path: '/bigScreenFlow', title: '客流大屏', kind: 'flow', public: false },
  { path: '/dataPage', title: '数据驾驶舱', kind: 'cockpit', public: false },
  { path: '/dataPageTX', title: '数据驾驶舱', kind: 'cockpit', public: false },
  { path: '/dataPageDefault', title: '数据驾驶舱', kind: 'cockpit', public: true },
  { path: '/courseData', title: '课程培训', kind: 'course', public: false },
  { path: '/numberRevenue', title: '数字营收', kind: 'revenue', public: false },
];
