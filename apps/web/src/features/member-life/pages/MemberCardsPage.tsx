import { useState } from 'react';
import { Button } from 'antd';
import { PERMISSIONS } from '@venue/contract/common/access';
import { Permission } from '@/components/Permission';
import { MemberCardPage } from '@/features/member-card';
import { BatchExtendDialog } from '../components/BatchExtendDialog';
import { CardLifeActions } from '../components/CardLifeActions';

/** 会员卡管理 with the actions of a card's life (充值, 延期, 挂失…, 补卡, 退卡) on each row and 批量延期 in the toolbar. */
export default function MemberCardsPage() {
  const [batch, setBatch] = useState<(() => Promise<void>) | null>(null);
  return (
    <>
      <MemberCardPage
        extraActions={(card, reload) => <CardLifeActions card={card} reload={reload} />}
        extraToolbar={(reload) => (
          <Permission value={[PERMISSIONS.member.card.extend]}>
            <Button onClick={() => setBatch(() => reload)}>批量延期</Button>
          </Permission>
        )}
      />
      {batch && <BatchExtendDialog onClose={() => setBatch(null)} onDone={() => void batch()} />}
    </>
  );
}
