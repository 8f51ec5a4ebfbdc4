import { useRef, useState } from 'react';
import { App, Button, Dropdown, Form, Input, Radio, Typography } from 'antd';
import type { Card } from '@venue/contract';
import * as member from '@venue/contract/member';
import { PERMISSIONS } from '@venue/contract/common/access';
import { Permission, usePermission } from '@/components/Permission';
import { FormDialog } from '@/components/list/FormDialog';
import { callApi } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useCardTypeFees } from '../useCardTypeFees';
import { ExtendDialog } from './ExtendDialog';
import { FeePaymentDialog, useFeePayment } from './FeePayment';
import { RechargeDialog } from './RechargeDialog';

type Action = (typeof member.CARD_ACTIONS)[number];
const LABELS = member.CARD_ACTION_LABELS;
/** The actions a card in this state allows (the server checks the same rules). */
const allowed = (card: Card) => member.CARD_ACTIONS.filter((a) => member.CARD_ACTION_RULES[a].from.includes(card.state));
const closable = (card: Card) => ['A', 'B', 'L', 'S', 'E'].includes(card.state);
const left = (card: Card) => (card.payType === 'M' ? `¥${formatYuan(card.balance)}` : card.payType === 'T' ? `${card.balance} 次` : '无储值');

/** 会员卡管理's row actions of a card's life: 充值/加次, 延期, 挂失…启用, 补卡 (with its fee through 收款), 退卡. */
export function CardLifeActions({ card, reload }: { card: Card; reload: () => Promise<void> }) {
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<'recharge' | 'extend' | 'replace' | 'return' | null>(null);
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const replaceFeeText = useCardTypeFees(dialog === 'replace').replaceFee(card.cardTypeId);
  const replacing = useRef(false);
  const replaceFee = useFeePayment((outcome) => {
    toast.success(`新卡号 ${outcome.newCardNo}`);
    replacing.current = false;
    setDialog(null);
    void reload();
  });
  const mayChange = usePermission([PERMISSIONS.member.card.state]);
  const actions = allowed(card);

  function change(action: Action) {
    modal.confirm({
      title: '提示',
      content: `确定${LABELS[action]}会员卡 ${card.cardNo} 吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await callApi(member.changeCardState, { body: { cardId: card.cardId, action } });
        toast.success(`${LABELS[action]}成功`);
        await reload();
      },
    });
  }

  return (
    <>
      {(card.state === 'A' || card.state === 'B') && card.payType !== 'D' && (
        <Permission value={[PERMISSIONS.member.card.recharge]}>
          <Button size="small" type="link" onClick={() => setDialog('recharge')}>
            {card.payType === 'T' ? '加次' : '充值'}
          </Button>
        </Permission>
      )}
      {['A', 'B', 'E'].includes(card.state) && card.payType !== 'M' && card.useEndTime && (
        <Permission value={[PERMISSIONS.member.card.extend]}>
          <Button size="small" type="link" onClick={() => setDialog('extend')}>
            延期
          </Button>
        </Permission>
      )}
      {mayChange && actions.length > 0 && (
        <Dropdown menu={{ items: actions.map((a) => ({ key: a, label: LABELS[a] })), onClick: ({ key }) => change(key as Action) }}>
          <Button size="small" type="link">
            状态
          </Button>
        </Dropdown>
      )}
      {mayChange && closable(card) && (
        <Button size="small" type="link" onClick={() => setDialog('replace')}>
          补卡
        </Button>
      )}
      {closable(card) && (
        <Permission value={[PERMISSIONS.member.card.cardReturn]}>
          <Button size="small" type="link" danger onClick={() => setDialog('return')}>
            退卡
          </Button>
        </Permission>
      )}
      {dialog === 'recharge' && <RechargeDialog card={card} onClose={() => setDialog(null)} onDone={() => void reload()} />}
      {dialog === 'extend' && <ExtendDialog cards={[card]} onClose={() => setDialog(null)} onDone={() => void reload()} />}
      <FeePaymentDialog
        fee={replaceFee}
        venueId={venueId}
        onClose={() => {
          replacing.current = false;
          setDialog(null);
        }}
      />
      <FormDialog<{ newCardNo?: string; phyCardId?: string; remark?: string }>
        open={dialog === 'replace' && !replaceFee.paying}
        title={`补卡：${card.cardNo}（余额 ${left(card)} 转入新卡）`}
        onClose={() => {
          if (!replacing.current) setDialog(null);
        }}
        onSubmit={async (v) => {
          const outcome = await callApi(member.createReplaceOrder, {
            body: { cardId: card.cardId, newCardNo: v.newCardNo || undefined, phyCardId: v.phyCardId || undefined, venueId: venueId!, remark: v.remark },
          });
          replacing.current = outcome.order !== null;
          replaceFee.start(outcome);
        }}
      >
        <Form.Item
          name="newCardNo"
          label="新卡号"
          extra="可输入或扫描，留空则自动生成"
          rules={[{ pattern: /^[0-9A-Za-z_-]{0,32}$/, message: '会员卡号只能是字母、数字、-、_，最多32位' }]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="phyCardId" label="实体卡号">
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="remark" label="原因">
          <Input maxLength={100} />
        </Form.Item>
        {replaceFeeText !== null && <Typography.Paragraph data-testid="replace-fee">补卡费：¥{replaceFeeText}</Typography.Paragraph>}
      </FormDialog>
      <FormDialog<{ route: 'T' | 'F'; remark?: string }>
        open={dialog === 'return'}
        title={`退卡：${card.cardNo}，退还 ${left(card)}`}
        initialValues={{ route: 'F' }}
        onClose={() => setDialog(null)}
        onSubmit={async (v) => {
          await callApi(member.returnCard, { body: { cardId: card.cardId, route: v.route, remark: v.remark } });
          await reload();
        }}
      >
        <Form.Item name="route" label="退款方式" rules={[{ required: true, message: '请选择退款方式' }]}>
          <Radio.Group options={Object.entries(member.REFUND_ROUTES).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="remark" label="原因">
          <Input maxLength={100} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
