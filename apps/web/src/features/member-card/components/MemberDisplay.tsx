import { useState, type ReactNode } from 'react';
import { Avatar, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { Card } from '@venue/contract';
import { formatDate } from '@/lib/format';
import { maskCardNo } from '@/lib/mask';
import { balanceText, STATE_LABELS } from '../card-rules';
import styles from './MemberDisplay.module.css';

/** One fact: its label and value on one line; the facts wrap between them, never inside a phone number or a card type. */
const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className={styles.fact}>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

/** Photo, name, phone, card number (double click shows it in full), valid until and balance. */
export function MemberDisplay({ card }: { card: Card }) {
  const [full, setFull] = useState(false);
  return (
    <div className={styles.member} data-testid="member-display">
      <Avatar size={56} shape="square" src={card.photo ?? undefined} icon={<UserOutlined />} alt={card.memberName ?? '会员'} />
      <dl className={styles.facts}>
        <Fact label="姓名">
          {card.memberName} {card.isInBlack && <Tag color="error">黑名单</Tag>}
        </Fact>
        <Fact label="手机号">{card.phone}</Fact>
        <Fact label="卡号">
          <span onDoubleClick={() => setFull(!full)} title="双击显示完整卡号" className={styles.cardNo} data-testid="card-no">
            {full ? card.cardNo : maskCardNo(card.cardNo)}
          </span>
        </Fact>
        <Fact label="卡类型">
          {card.cardTypeName} <Tag>{STATE_LABELS[card.state]}</Tag>
        </Fact>
        <Fact label="有效期至">{card.useEndTime ? formatDate(card.useEndTime) : '长期有效'}</Fact>
        <Fact label={card.payType === 'D' ? '有效期' : '余额'}>{balanceText(card)}</Fact>
      </dl>
    </div>
  );
}
