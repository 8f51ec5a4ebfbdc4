import { useState, type ReactNode } from 'react';
import { Descriptions, Typography, type DescriptionsProps } from 'antd';
import { useVerifyDialog } from '../verify-context';
import { KeywordBox } from './KeywordBox';
import { VerifyFooter } from './VerifyFooter';
import { VerifyPanels } from './VerifyPanels';

interface OrderCheck {
  search(code: string): unknown;
  /** Verifies what is ticked; answers whether it did. */
  confirm(): Promise<boolean>;
  busy: boolean;
}

/**
 * An order tab of 快速核销 (spec 2.8): the code box (typed, scanned or from the camera), the member's facts
 * (or 暂无会员信息), the order's heading and rows; a 确认 that verifies clears the box and closes the dialog
 * (`keepOpen`: the dialog stays with what was verified shown, for the next scan).
 */
export function OrderCheckLayout({
  active,
  check,
  memberFacts,
  heading,
  children,
  placeholder = '请扫描或输入订单号',
  keepOpen = false,
}: {
  active: boolean;
  check: OrderCheck;
  /** null or undefined until an order is found */
  memberFacts: DescriptionsProps['items'] | null | undefined;
  heading: ReactNode;
  children: ReactNode;
  /** The code box's placeholder (and name). */
  placeholder?: string;
  keepOpen?: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const { close } = useVerifyDialog();

  async function confirm() {
    if ((await check.confirm()) && !keepOpen) {
      setKeyword('');
      close();
    }
  }

  return (
    <>
      <KeywordBox active={active} value={keyword} onChange={setKeyword} onSearch={(k) => void check.search(k)} placeholder={placeholder} />
      <div style={{ marginTop: 12 }}>
        <VerifyPanels
          member={memberFacts ? <Descriptions size="small" column={1} items={memberFacts} /> : <Typography.Text type="secondary">暂无会员信息</Typography.Text>}
          order={
            <>
              {heading && <Typography.Paragraph>{heading}</Typography.Paragraph>}
              {children}
            </>
          }
        />
      </div>
      <VerifyFooter onConfirm={() => void confirm()} loading={check.busy} />
    </>
  );
}
