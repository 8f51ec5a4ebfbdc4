import { Navigate, useLocation } from 'react-router';
import { BoardMessage } from '../components/BoardFrame';
import { useBoardAccess, useLiveBoard } from '../hooks/useBoard';
import type { BoardRoute } from '../boards';
import { CockpitBoard } from './CockpitBoard';
import { CourseBoard } from './CourseBoard';
import { FlowBoard } from './FlowBoard';
import { RevenueBoard } from './RevenueBoard';

const BODIES = { flow: FlowBoard, revenue: RevenueBoard, cockpit: CockpitBoard, course: CourseBoard } as const;

/** One board route: who reads (login or the venue's anonymous token), the live connection, the board itself. */
export default function BoardPage({ route }: { route: BoardRoute }) {
  const location = useLocation();
  const access = useBoardAccess(route.public);
  const live = useLiveBoard(access.data);
  if (access.error?.status === 401 && !route.public)
    return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (access.error) return <BoardMessage title={route.title} message={access.error.message} />;
  if (!access.data) return <BoardMessage title={route.title} message="加载中…" />;
  if (route.kind === 'video') {
    return <BoardMessage title={route.title} message="视频核销页尚未开放，请在系统内使用「快速核销」" />;
  }
  const Body = BODIES[route.kind];
  return <Body access={access.data} live={live} title={route.title} fields={route.fields} />;
}
