import type { ReactNode } from 'react';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import { REPORT_TEXTS } from '@venue/contract/report';

/** A row of headline figures, each labelled and testable by its title. */
export function Figures({ items }: { items: { title: string; value: number; precision?: number; suffix?: string }[] }) {
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      {items.map((f) => (
        <Col key={f.title} xs={12} sm={8} md={6} lg={4}>
          <Card size="small">
            <div data-testid={`figure-${f.title}`}>
              <Statistic title={f.title} value={f.value} precision={f.precision} suffix={f.suffix} />
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** A titled panel; an empty one says there is no data yet. */
export function Panel({ title, empty, children, extra }: { title: string; empty?: boolean; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card size="small" title={title} extra={extra} style={{ marginBottom: 16 }}>
      {empty ? <Empty description={REPORT_TEXTS.noData} /> : children}
    </Card>
  );
}
