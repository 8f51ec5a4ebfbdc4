import { MemberCardPage } from '@/features/member-card';
import { CardLifeActions } from '../components/CardLifeActions';

/** 会员卡管理 with the actions of a card's life (充值, 挂失…, 补卡, 退卡) on each row. */
export default function MemberCardsPage() {
  return <MemberCardPage extraActions={(card, reload) => <CardLifeActions card={card} reload={reload} />} />;
}
