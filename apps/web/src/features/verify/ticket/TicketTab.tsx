import { useState } from 'react';
import { Descriptions, Typography } from 'antd';
import { HandCodes, memberOf, TicketTable, useTicketCheck } from '@/features/ticket';
import type { VerifyTabProps } from '../tab-props';
import { KeywordBox } from '../components/KeywordBox';
import { VerifyFooter } from '../components/VerifyFooter';
import { VerifyPanels } from '../components/VerifyPanels';
import { useVerifyDialog } from '../verify-context';

/**
 * 票务业务 (spec 2.8): a QR code or order number (typed, scanned or from the camera) lists the order's
 * tickets; its usable ones are ticked; a ticked ticket whose type issues a wristband takes the band's
 * number; 确认 verifies them, closes the dialog and clears the tab.
 */
export default function TicketTab({ active }: VerifyTabProps) {
  const [keyword, setKeyword] = useState('');
  const check = useTicketCheck({ withHand: true });
  const { close } = useVerifyDialog();
  const member = memberOf(check.rows);
  const orderId = check.rows[0]?.orderId;

  async function confirm() {
    if (await check.confirm()) {
      setKeyword('');
      close();
    }
  }

  return (
    <>
      <KeywordBox active={active} value={keyword} onChange={setKeyword} onSearch={(k) => void check.search(k)} placeholder="请扫描或输入订单号" />
      <div style={{ marginTop: 12 }}>
        <VerifyPanels
          member={
            member ? (
              <Descriptions
                size="small"
                column={1}
                items={[
                  { label: '姓名', children: member.name },
                  { label: '联系方式', children: member.phone },
                ]}
              />
            ) : (
              <Typography.Text type="secondary">{check.rows.length ? '散客' : '暂无会员信息'}</Typography.Text>
            )
          }
          order={
            <>
              {orderId && <Typography.Paragraph>订单号：{orderId}</Typography.Paragraph>}
              <TicketTable rows={check.rows} selected={check.selected} onSelect={check.setSelected} loading={check.busy} />
              <HandCodes rows={check.bandRows} values={check.hands} onChange={check.setHand} />
            </>
          }
        />
      </div>
      <VerifyFooter onConfirm={() => void confirm()} loading={check.busy} />
    </>
  );
}
