import { Anchor, Card, Col, Row, Typography } from 'antd';
import { GUIDE } from '../guide';

/** 使用说明 (/notice, spec 2.1): the usage guide, open without a login. */
export default function NoticePage() {
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto', padding: '24px 16px' }}>
      <Typography.Title level={2}>使用说明</Typography.Title>
      <Row gutter={24}>
        <Col xs={0} md={6}>
          <Anchor offsetTop={16} items={GUIDE.map((s) => ({ key: s.id, href: `#${s.id}`, title: s.title }))} />
        </Col>
        <Col xs={24} md={18}>
          {GUIDE.map((section) => (
            <Card key={section.id} id={section.id} title={<h2 style={{ fontSize: 16, margin: 0 }}>{section.title}</h2>} style={{ marginBottom: 16 }}>
              {section.intro && <Typography.Paragraph>{section.intro}</Typography.Paragraph>}
              <ol style={{ paddingInlineStart: 20, margin: 0, lineHeight: 1.9 }}>
                {section.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </Card>
          ))}
        </Col>
      </Row>
    </div>
  );
}
