import { Card, Col, Empty, Row } from 'antd';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { useSession } from '@/lib/session';
import { EnrolCard } from '../components/EnrolCard';
import { EnrolmentList } from '../components/EnrolmentList';

/** 报名管理: enrol a member or a family member at the desk (paid in 收款), and the enrolments with what each allows. */
export default function EnrolmentPage() {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const canEnrol = usePermission([PERMISSIONS.course.enrolment.add]);
  if (!venueId) return <Empty description="请先选择当前场馆" />;
  return (
    <Row gutter={[12, 12]}>
      {canEnrol && (
        <Col xs={24} xxl={8}>
          <EnrolCard venueId={venueId} />
        </Col>
      )}
      <Col xs={24} xxl={canEnrol ? 16 : 24}>
        <Card title="报名列表" size="small">
          <EnrolmentList venueId={venueId} />
        </Card>
      </Col>
    </Row>
  );
}
