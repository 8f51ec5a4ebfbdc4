import { useState } from 'react';
import { Button, Card, Checkbox, Input, Space } from 'antd';
import { useTicketCheck } from '../useTicketCheck';
import { TicketTable } from './TicketTable';

/** 票据核销 on the ticket screen: the same lookup and rules as the 快速核销 ticket tab. */
export function TicketCheckCard() {
  const [keyword, setKeyword] = useState('');
  const check = useTicketCheck();
  const [atOnce, setAtOnce] = useState(false);
  const search = (v: string) =>
    atOnce
      ? void check.checkNow(v).then((ok) => {
          if (ok) setKeyword('');
        })
      : void check.search(v);
  return (
    <Card title="票据核销" size="small">
      <Input.Search
        aria-label="票据码"
        placeholder="请扫描或输入订单号"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={search}
        enterButton={atOnce ? '核销' : '查询'}
        loading={check.busy}
      />
      <Checkbox style={{ marginTop: 8 }} checked={atOnce} onChange={(e) => setAtOnce(e.target.checked)}>
        扫码即核销
      </Checkbox>
      <div style={{ marginTop: 8 }}>
        <TicketTable rows={check.rows} selected={check.selected} onSelect={check.setSelected} />
      </div>
      <Space style={{ marginTop: 8 }}>
        <Button
          type="primary"
          loading={check.busy}
          onClick={() =>
            void check.confirm().then((ok) => {
              if (ok) setKeyword('');
            })
          }
        >
          确认核销
        </Button>
      </Space>
    </Card>
  );
}
