import { Card as Tile, Col, Empty, Row, Tag } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { balanceText } from '@/features/member-card';
import type { PayCard, PayMethod, Selection } from '../pay-selection';
import styles from './PaymentDialog.module.css';

/** The venue's methods and the member's cards as tiles; a chosen tile is ticked and pressed. */
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
  onMethod: (method: PayMethod) => void;
  onCard: (card: PayCard) => void;
}) {
  const chosenCard = (c: PayCard) => selection.cards.some((x) => x.cardId === c.cardId);
  return (
    <>
      <div className={styles.label}>收款方式</div>
      <Row gutter={[8, 8]}>
        {methods.map((m) => (
          <Col span={4} key={m.id}>
            <Tile
              size="small"
              hoverable
              className={selection.method?.id === m.id ? styles.chosen : undefined}
              onClick={() => onMethod(m)}
              role="button"
              aria-pressed={selection.method?.id === m.id}
            >
              {selection.method?.id === m.id && <CheckCircleFilled className={styles.tick} />}
              {m.payName}
            </Tile>
          </Col>
        ))}
      </Row>
      <div className={styles.label}>会员卡</div>
      {cards.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={hasMember ? '该会员没有可用于支付的会员卡' : '未选择会员'} />
      ) : (
        <Row gutter={[8, 8]}>
          {cards.map((c) => (
            <Col span={8} key={c.cardId}>
              <Tile
                size="small"
                hoverable
                className={chosenCard(c) ? styles.chosen : undefined}
                onClick={() => onCard(c)}
                role="button"
                aria-pressed={chosenCard(c)}
              >
                {chosenCard(c) && <CheckCircleFilled className={styles.tick} />}
                <div>
                  {c.cardTypeName} {c.discountable && c.discount < 1 && <Tag color="orange">{Math.round(c.discount * 100) / 10}折</Tag>}
                </div>
                <div className={styles.muted}>{c.cardNo}</div>
                <div>{balanceText(c)}</div>
              </Tile>
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
