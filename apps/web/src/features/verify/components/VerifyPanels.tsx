import type { ReactNode } from 'react';
import { Card, Col, Row } from 'antd';

/** A tab's body (spec 2.8): the member panel on the left, the order on the right; stacked below 992 px. */
export function VerifyPanels({
  member,
  order,
  memberTitle = '会员信息',
  orderTitle = '订单信息',
}: {
  member: ReactNode;
  order: ReactNode;
  memberTitle?: ReactNode;
  orderTitle?: ReactNode;
}) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card size="small" title={memberTitle}>
          {member}
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card size="small" title={orderTitle}>
          {order}
        </Card>
      </Col>
    </Row>
  );
}
