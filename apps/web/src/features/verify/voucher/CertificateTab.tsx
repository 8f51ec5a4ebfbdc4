import { useState } from 'react';
import { Alert, Button, Checkbox, Empty, List, Radio, Space, Tag, Typography } from 'antd';
import * as marketing from '@venue/contract/marketing';
import { MARKETING_TEXTS, type VoucherLookup } from '@venue/contract/marketing';
import { fenToYuan } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useApiMutation } from '@/lib/query';
import { callApi } from '@/lib/http';
import { useSession } from '@/lib/session';
import { KeywordBox } from '../components/KeywordBox';
import { VerifyFooter } from '../components/VerifyFooter';
import { VerifyPanels } from '../components/VerifyPanels';
import type { VerifyTabProps } from '../tab-props';
import { useVerifyDialog } from '../verify-context';
import { CASH_VOUCHER, countLine, lookupWarning, SOURCES, toggle, withDefaults } from './voucher-choice';

/**
 * 优惠券/团购券 (spec 2.8): the short-video platform's group-buy vouchers. A code, or a customer's QR code
 * (typed, scanned or read by the camera), finds its order's unused vouchers; the chosen ones are verified
 * with 确认核销. The platform answers no plain code before verifying: the list shows the order's vouchers
 * by title, amount and validity, under the code the staff gave.
 */
export default function CertificateTab({ active }: VerifyTabProps) {
  const { close } = useVerifyDialog();
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<VoucherLookup | null>(null);
  const [looking, setLooking] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const verify = useApiMutation(marketing.verifyDouYinCoupon, { invalidates: [marketing.recordQuery, marketing.dailyTotals] });

  /** `fresh`: a new code from the desk (clears what the last verification said); false: the list again after one. */
  async function lookup(code: string, fresh = true) {
    const trimmed = code.trim();
    if (looking || (fresh && verify.isPending)) return;
    if (!trimmed) return notify.warning(MARKETING_TEXTS.enterCode);
    if (!venueId) return notify.warning('请先选择场馆');
    setLooking(true);
    if (fresh) setMessages([]);
    try {
      const answer = withDefaults(await callApi(marketing.couponByCode, { query: { code: trimmed, venueId } }));
      const warning = lookupWarning(answer);
      if (fresh) {
        if (warning) notify.warning(warning);
        else notify.success('识别成功');
      }
      setFound(answer.certificates.length ? answer : null);
    } catch {
      setFound(null); // the HTTP client has shown why
    } finally {
      setLooking(false);
    }
  }

  async function confirm() {
    if (verify.isPending || looking) return;
    if (!found || !found.certificates.some((c) => c.checked)) return notify.warning(MARKETING_TEXTS.chooseVoucher);
    try {
      const result = await verify.mutateAsync({ body: found });
      if (result.verified) notify.success(`核销成功 ${result.verified} 张`);
      if (result.failed || result.unknown) {
        setMessages(result.messages);
        notify.warning(`${result.failed + result.unknown} 张未核销成功`);
        await lookup(found.code, false);
        return;
      }
      setFound(null);
      setKeyword('');
      close();
    } catch {
      // The HTTP client has shown the refusal; look again so the list is what the platform holds now.
      await lookup(found.code, false);
    }
  }

  function tick(encryptedCode: string, checked: boolean) {
    if (!found) return;
    const { next, refused } = toggle(found, encryptedCode, checked);
    if (refused) notify.warning(refused);
    setFound(next);
  }

  const busy = looking || verify.isPending;
  const certificates = found?.certificates ?? [];
  return (
    <>
      <VerifyPanels
        memberTitle="券码"
        member={
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Radio.Group
              aria-label="券来源"
              value="douyin"
              options={SOURCES.map((s) => ({ value: s.value, label: s.label }))}
              onChange={(e) => {
                const source = SOURCES.find((s) => s.value === e.target.value);
                if (source?.notice) notify.warning(source.notice);
              }}
            />
            <KeywordBox
              active={active}
              value={keyword}
              onChange={setKeyword}
              onSearch={(code) => void lookup(code)}
              placeholder="请扫描或输入券码"
              addon={
                <Button type="primary" loading={looking} disabled={verify.isPending} onClick={() => void lookup(keyword)}>
                  查询
                </Button>
              }
            />
            <Typography.Text>{countLine(certificates)}</Typography.Text>
            {found && (
              <Typography.Text type="secondary" ellipsis={{ tooltip: found.code }} style={{ maxWidth: '100%' }}>
                查询券码：{found.code}
              </Typography.Text>
            )}
            {messages.length > 0 && <Alert type="warning" showIcon title={messages.join('；')} />}
          </Space>
        }
        orderTitle={found?.orderId ? `订单信息（${found.orderId}）` : '订单信息'}
        order={
          certificates.length ? (
            <List
              size="small"
              style={{ maxHeight: 220, overflow: 'auto' }}
              dataSource={certificates}
              rowKey="encryptedCode"
              renderItem={(c, i) => (
                <List.Item
                  extra={
                    <Checkbox
                      aria-label={`选择 ${c.sku.title} 第${i + 1}张`}
                      checked={c.checked}
                      disabled={busy}
                      onChange={(e) => tick(c.encryptedCode, e.target.checked)}
                    />
                  }
                >
                  <List.Item.Meta
                    title={
                      <Space>
                        {c.sku.title}
                        {c.sku.grouponType === CASH_VOUCHER && <Tag color="warning">{MARKETING_TEXTS.typeNotOpen}</Tag>}
                      </Space>
                    }
                    description={`第${i + 1}张，有效期至 ${c.expireTime}`}
                  />
                  <Typography.Text strong>¥{fenToYuan(c.amount.payAmount)}</Typography.Text>
                </List.Item>
              )}
            />
          ) : (
            <Empty description="扫描或输入券码后查询" />
          )
        }
      />
      <VerifyFooter onConfirm={() => void confirm()} confirmText="确认核销" loading={verify.isPending} disabled={looking} />
    </>
  );
}
