import { Col, Empty, Row } from 'antd';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { useSession } from '@/lib/session';
import { ExitCard } from '../components/ExitCard';
import { PeopleCount } from '../components/PeopleCount';
import { TicketCheckCard } from '../components/TicketCheckCard';
import { TicketOrderList } from '../components/TicketOrderList';
import { TicketSellCard } from '../components/TicketSellCard';
import { TimeoutOrderList } from '../components/TimeoutOrderList';

/** 售票: sell tickets at the desk, verify them, let them out (charging an overstay), the count inside, the orders and the overstay (超时) orders. */
export default function TicketSalePage() {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const canSell = usePermission([PERMISSIONS.ticket.order.add]);
  const canCheck = usePermission([PERMISSIONS.ticket.check.check]);
  const canList = usePermission([PERMISSIONS.ticket.order.list]);
  if (!venueId) return <Empty description="请先选择当前场馆" />;
  return (
    <Row gutter={[12, 12]}>
      {canSell && (
        <Col xs={24} xl={12}>
          <TicketSellCard venueId={venueId} />
        </Col>
      )}
      {canCheck && (
        <Col xs={24} xl={12}>
          <Row gutter={[12, 12]}>
            <Col span={24}>
              <TicketCheckCard />
            </Col>
            <Col span={24}>
              <ExitCard venueId={venueId} />
            </Col>
            <Col span={24}>
              <PeopleCount venueId={venueId} />
            </Col>
          </Row>
        </Col>
      )}
      <Col span={24}>
        <TicketOrderList venueId={venueId} />
      </Col>
      {canList && (
        <Col span={24}>
          <TimeoutOrderList />
        </Col>
      )}
    </Row>
  );
}
