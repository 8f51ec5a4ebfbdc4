import { useState } from 'react';
import { Descriptions, Typography } from 'antd';
import { BookingLinesTable, openable, useBookingCheck } from '@/features/booking';
import type { VerifyTabProps } from '../tab-props';
import { KeywordBox } from '../components/KeywordBox';
import { VerifyFooter } from '../components/VerifyFooter';
import { VerifyPanels } from '../components/VerifyPanels';
import { useVerifyDialog } from '../verify-context';

/**
 * 场馆业务 (timeTablePre, spec 2.8): a booking slip's QR code or order number (typed, scanned or from the
 * camera) lists the order's cells; those to be used are ticked; 确认 opens them (A → U) and closes the dialog.
 */
export default function BookingTab({ active }: VerifyTabProps) {
  const [keyword, setKeyword] = useState('');
  const check = useBookingCheck();
  const { close } = useVerifyDialog();
  const order = check.order;

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
            order ? (
              <Descriptions
                size="small"
                column={1}
                items={[
                  { label: '会员', children: order.memberName ?? '散客' },
                  { label: '联系人', children: order.contactName || '—' },
                  { label: '联系电话', children: order.phone || '—' },
                ]}
              />
            ) : (
              <Typography.Text type="secondary">暂无会员信息</Typography.Text>
            )
          }
          order={
            <>
              {order && (
                <Typography.Paragraph>
                  订单号：{order.orderId}，{order.venueName} {order.itemName}
                </Typography.Paragraph>
              )}
              <BookingLinesTable
                rows={order?.details ?? []}
                selected={check.selected}
                onSelect={check.setSelected}
                selectable={openable}
                loading={check.busy}
              />
            </>
          }
        />
      </div>
      <VerifyFooter onConfirm={() => void confirm()} loading={check.busy} />
    </>
  );
}
