import { useRef, type Dispatch } from 'react';
import { Button, Divider, Space, type InputRef } from 'antd';
import { MemberCardSearch, MemberDisplay } from '@/features/member-card';
import { cartTotal } from '../cart';
import type { SaleAction, SaleState } from '../sale-state';
import { CartList } from './CartList';
import styles from './GoodsTiles.module.css';

/** The right of the sale dialog: the member, the settlement list, the total, 重打小票 and 提交订单. */
export function SaleCart({
  state,
  dispatch,
  venueId,
  canEditPrice,
  onSubmit,
  onReprint,
}: {
  state: SaleState;
  dispatch: Dispatch<SaleAction>;
  venueId: number | null;
  canEditPrice: boolean;
  onSubmit: () => void;
  onReprint: () => void;
}) {
  const { lines, card } = state;
  const memberBox = useRef<InputRef>(null);
  function removeMember() {
    dispatch({ type: 'member', card: null });
    // 移除会员 goes with the member: focus stays in the till, on the member lookup.
    requestAnimationFrame(() => memberBox.current?.focus());
  }
  return (
    <>
      <MemberCardSearch
        scanner={false}
        venueId={venueId ?? undefined}
        selected={card}
        inputRef={memberBox}
        onSelect={(chosen) => dispatch({ type: 'member', card: chosen })}
      />
      {card && (
        <div style={{ marginTop: 8 }}>
          <MemberDisplay card={card} />
          <Button size="small" type="link" onClick={removeMember}>
            移除会员
          </Button>
        </div>
      )}
      <Divider style={{ margin: '8px 0' }}>结算清单</Divider>
      <CartList
        lines={lines}
        canEditPrice={canEditPrice}
        onQuantity={(goodsId, quantity) => dispatch({ type: 'quantity', goodsId, quantity })}
        onPrice={(goodsId, price) => dispatch({ type: 'price', goodsId, price })}
        onRemove={(goodsId) => dispatch({ type: 'quantity', goodsId, quantity: 0 })}
      />
      <div className={styles.total}>
        <span>合计</span>
        <b data-testid="cart-total">¥ {cartTotal(lines)}</b>
      </div>
      <Space style={{ marginTop: 12, width: '100%', justifyContent: 'flex-end' }}>
        {state.printedIds.length > 0 && <Button onClick={onReprint}>重打小票</Button>}
        {lines.length > 0 && (
          <Button type="primary" onClick={onSubmit}>
            提交订单
          </Button>
        )}
      </Space>
    </>
  );
}
