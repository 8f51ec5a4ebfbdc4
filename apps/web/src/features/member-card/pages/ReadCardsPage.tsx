import { useState } from 'react';
import { Card as Panel, Empty, Typography } from 'antd';
import type { Card } from '@venue/contract';
import { useScannerInput } from '@/hooks/useScannerInput';
import { MemberDisplay } from '../components/MemberDisplay';
import { MemberCardSearch } from '../components/MemberCardSearch';
import { lookupCard, useCardHandler } from '../useCardHandler';

/** 读卡 (/readCards): swipe a card on the reader (or search) and see whose it is. */
export default function ReadCardsPage() {
  const [card, setCard] = useState<Card | null>(null);
  const handle = useCardHandler();
  useScannerInput(
    (code) =>
      void lookupCard(code)
        .then((c) => c && handle(c, 'view'))
        .then((c) => c && setCard(c)),
  );
  return (
    <Panel title="读卡" size="small">
      <Typography.Paragraph type="secondary">请在读卡器上刷会员卡，或按卡号、姓名、手机号查询。</Typography.Paragraph>
      <div style={{ maxWidth: 520, marginBottom: 16 }}>
        <MemberCardSearch purpose="view" scanner={false} onSelect={setCard} />
      </div>
      {card ? <MemberDisplay card={card} /> : <Empty description="尚未读取会员卡" />}
    </Panel>
  );
}
