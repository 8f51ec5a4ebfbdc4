import type { ReactNode } from 'react';
import { Card, Col, Row } from 'antd';

/** A tab's body (spec 2.8): the member panel on the left, the order on the right. */
export function VerifyPanels({ member, order }: { member: ReactNode; order: ReactNode }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Card size="small" title="会员信息">
          {member}
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card size="small" title="订单信息">
          {order}
        </Card>
      </Col>
    </Row>
  );
}
