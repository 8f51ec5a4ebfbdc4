import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@venue/contract/common/access';
import { visibleTabs, type VerifyTab } from './tabs';

const Tab = (() => null) as unknown as NonNullable<VerifyTab['component']>;
const tabs: VerifyTab[] = [
  { key: 'course', title: '课程培训', permission: [] },
  { key: 'ticket', title: '票务业务', permission: [PERMISSIONS.gate.pass.list], component: Tab },
  { key: 'certificate', title: '优惠券/团购券', permission: [PERMISSIONS.marketing.coupon.verify], component: Tab },
];

describe('verify tab registry', () => {
  it("orders the tabs as the spec does, whatever the registry's order", () => {
    expect(visibleTabs(() => true, tabs).map((t) => t.key)).toEqual(['certificate', 'ticket', 'course']);
  });
  it('drops a tab whose permission the user lacks; a tab without one is always there', () => {
    const holds = (codes: readonly string[]) => codes.includes(PERMISSIONS.marketing.coupon.verify);
    expect(visibleTabs(holds, tabs).map((t) => t.key)).toEqual(['certificate', 'course']);
  });
});
