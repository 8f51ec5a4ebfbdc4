import { useState } from 'react';
import { Descriptions, Typography } from 'antd';
import { LectureUserTable, useLectureCheck } from '@/features/lecture';
import type { VerifyTabProps } from '../tab-props';
import { KeywordBox } from '../components/KeywordBox';
import { VerifyFooter } from '../components/VerifyFooter';
import { VerifyPanels } from '../components/VerifyPanels';
import { useVerifyDialog } from '../verify-context';

/**
 * 讲座活动 (spec 2.8): a ticket code or order number (typed, scanned or from the camera) lists the
 * order's participants; those to be used are ticked; 确认 verifies them, closes the dialog and clears the tab.
 */
export default function LectureTab({ active }: VerifyTabProps) {
  const [keyword, setKeyword] = useState('');
  const check = useLectureCheck();
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
                  { label: '联系电话', children: order.phone },
                  ...(order.cardId ? [{ label: '会员卡', children: String(order.cardId) }] : []),
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
                  订单号：{order.orderId}，讲座：{order.lectureName}
                </Typography.Paragraph>
              )}
              <LectureUserTable
                rows={check.rows}
                lectureName={order?.lectureName ?? ''}
                ticketName={order?.ticketName ?? ''}
                selected={check.selected}
                onSelect={check.setSelected}
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
