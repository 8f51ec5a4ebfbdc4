import type { KeyboardEvent } from 'react';
import { Empty, Tag } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { balanceText } from '@/features/member-card';
import { useRovingFocus } from '@/hooks/useRovingFocus';
import type { PayCard, PayMethod, Selection } from '../pay-selection';
import styles from './PaymentDialog.module.css';

/** How a choice was made: a pointer moves focus to the auth-code box at once, keys leave it in the group. */
export type ChoiceVia = 'pointer' | 'key';
const spaceToggles = (event: KeyboardEvent, toggle: () => void) => {
  if (event.key !== ' ') return;
  event.preventDefault();
  toggle();
};
const tileClass = (chosen: boolean) => (chosen ? `${styles.tile} ${styles.chosen}` : styles.tile);

/**
 * The venue's methods as a radio group (arrows move and choose, Space on the chosen one clears it,
 * spec 4) and the member's cards as a group of checkboxes (arrows move, Space ticks); Enter is the
 * dialog's (it pays). A chosen tile is ticked.
 */
export function PayChoices({
  methods,
  cards,
  selection,
  hasMember,
  onMethod,
  onCard,
}: {
  methods: PayMethod[];
  cards: PayCard[];
  selection: Selection;
  hasMember: boolean;
  onMethod: (method: PayMethod, via: ChoiceVia) => void;
  onCard: (card: PayCard) => void;
}) {
  const chosenCard = (c: PayCard) => selection.cards.some((x) => x.cardId === c.cardId);
  const methodStops = useRovingFocus(methods.length, {
    stop: methods.findIndex((m) => m.id === selection.method?.id),
    onMove: (i) => onMethod(methods[i], 'key'),
  });
  const cardStops = useRovingFocus(cards.length);
  return (
    <>
      <div className={styles.label} id="pay-methods-label">
        收款方式
      </div>
      <div className={styles.grid} role="radiogroup" aria-labelledby="pay-methods-label">
        {methods.map((m, i) => {
          const chosen = selection.method?.id === m.id;
          const { onKeyDown, ...stop } = methodStops.itemProps(i);
          return (
            <div
              key={m.id}
              {...stop}
              role="radio"
              aria-checked={chosen}
              className={tileClass(chosen)}
              onClick={() => onMethod(m, 'pointer')}
              onKeyDown={(e) => {
                spaceToggles(e, () => onMethod(m, 'key'));
                onKeyDown(e);
              }}
            >
              {chosen && <CheckCircleFilled className={styles.tick} aria-hidden="true" />}
              {m.payName}
            </div>
          );
        })}
      </div>
      <div className={styles.label} id="pay-cards-label">
        会员卡
      </div>
      {cards.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={hasMember ? '该会员没有可用于支付的会员卡' : '未选择会员'} />
      ) : (
        <div className={`${styles.grid} ${styles.cards}`} role="group" aria-labelledby="pay-cards-label">
          {cards.map((c, i) => {
            const { onKeyDown, ...stop } = cardStops.itemProps(i);
            return (
              <div
                key={c.cardId}
                {...stop}
                role="checkbox"
                aria-checked={chosenCard(c)}
                className={tileClass(chosenCard(c))}
                onClick={() => onCard(c)}
                onKeyDown={(e) => {
                  spaceToggles(e, () => onCard(c));
                  onKeyDown(e);
                }}
              >
                {chosenCard(c) && <CheckCircleFilled className={styles.tick} aria-hidden="true" />}
                <div>
                  {c.cardTypeName} {c.discountable && c.discount < 1 && <Tag color="orange">{Math.round(c.discount * 100) / 10}折</Tag>}
                </div>
                <div className={styles.muted}>{c.cardNo}</div>
                <div>{balanceText(c)}</div>
              </div>
            );
          })}
        </div>
      )}
    </>
  );
}
