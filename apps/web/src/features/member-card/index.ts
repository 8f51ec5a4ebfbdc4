/** What other features use of member cards: the search widget, the member display and the card rules. */
export { MemberCardSearch } from './components/MemberCardSearch';
export { MemberDisplay } from './components/MemberDisplay';
export { balanceText, judgeCard } from './card-rules';
export { lookupCard, useCardHandler } from './useCardHandler';
export { default as MemberCardPage } from './pages/MemberCardPage';
