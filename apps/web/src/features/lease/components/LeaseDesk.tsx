import type { Ref } from 'react';
import { Alert, Col, Input, Radio, Row, Space, Typography, type InputRef } from 'antd';
import { namedClear, namedSearch } from '@/components/namedIcons';
import * as lease from '@venue/contract/lease';
import { GoodsTiles, PaymentDialog, SaleCart } from '@/features/checkout';
import { BandBar } from '@/features/hand';
import { useLeaseDesk } from '../useLeaseDesk';

/**
 * 商品租赁 (spec 2.6), in the dialog and on the full page: the venue's sports items as the filter, goods
 * by name, tiles (rent per use or time unit, stock with unit); the member, the list with quantities, 提交订单,
 * then 收款 for rent plus deposit and the 租赁小票 with 重打小票.
 */
export function LeaseDesk({ active, goodsBox }: { active: boolean; /** The goods box, which the dialog focuses once open. */ goodsBox?: Ref<InputRef> }) {
  const desk = useLeaseDesk(active);
  const { order, paying } = desk.state;
  const noItems = desk.items !== undefined && desk.items.length === 0;
  const tiles = desk.goods.map((g) => ({ ...g, goodsId: g.leaseGoodsId, quantity: g.qty, source: g }));
  return (
    <>
      {noItems && <Alert type="warning" showIcon message={lease.leaseMsg.noItems} style={{ marginBottom: 12 }} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Radio.Group
              aria-label="项目"
              optionType="button"
              value={desk.itemId}
              onChange={(e) => desk.setItem(e.target.value as number)}
              options={(desk.items ?? []).map((i) => ({ value: i.itemId, label: i.itemName }))}
            />
            <Input.Search
              ref={goodsBox}
              placeholder="商品名称"
              allowClear={namedClear}
              searchIcon={namedSearch('查找租赁商品')}
              aria-label="商品名称"
              value={desk.keyword}
              onChange={(e) => desk.setKeyword(e.target.value)}
            />
            <Typography.Text type="secondary">价格为租金（按次或每计时单位）；结算时每件另收押金，归还时退还（超时费与损坏赔偿从押金扣除）。</Typography.Text>
            <GoodsTiles tiles={tiles} loading={desk.goodsLoading} onAdd={(t) => desk.add(t.source)} />
          </Space>
        </Col>
        <Col xs={24} lg={10}>
          <SaleCart
            state={desk.state}
            dispatch={desk.dispatch}
            venueId={desk.venueId}
            canEditPrice={false}
            onSubmit={() => void desk.submit()}
            onReprint={desk.reprint}
          />
          {desk.band.band && <BandBar band={desk.band.band} loading={desk.band.charging} onCharge={() => void desk.chargeToBand()} onClear={desk.band.clear} />}
        </Col>
      </Row>
      {order && desk.venueId && (
        <PaymentDialog
          forPay={lease.queryOrderForPay}
          open={paying}
          orderId={order.orderId}
          memberId={desk.state.card?.memberId ?? null}
          venueId={desk.venueId}
          payTypes="M"
          onPay={desk.pay}
          onClose={() => desk.dispatch({ type: 'closePayment' })}
        />
      )}
    </>
  );
}
