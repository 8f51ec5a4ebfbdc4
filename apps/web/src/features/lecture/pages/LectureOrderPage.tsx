import { Col, Empty, Row } from 'antd';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { useSession } from '@/lib/session';
import { LectureOrderList } from '../components/LectureOrderList';
import { LectureSellCard } from '../components/LectureSellCard';

/** 讲座报名: sign participants up for a lecture session at the desk (paid at the till), and the orders with their ticket codes. */
export default function LectureOrderPage() {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const canSell = usePermission([PERMISSIONS.lecture.order.add]);
  if (!venueId) return <Empty description="请先选择当前场馆" />;
  return (
    <Row gutter={[12, 12]}>
      {canSell && (
        <Col xs={24} xl={10}>
          <LectureSellCard venueId={venueId} />
        </Col>
      )}
      <Col xs={24} xl={canSell ? 14 : 24}>
        <LectureOrderList venueId={venueId} />
      </Col>
    </Row>
  );
}
