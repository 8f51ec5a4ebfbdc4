import { describe, expect, it } from 'vitest';
import { familyChoices } from './useFamily';

describe("a member's family on the enrolment form", () => {
  it('offers every family row of the archive by its id, not the member themselves', () => {
    const archive = [
      { familyId: 3, name: '张三', relation: 'S' as const },
      { familyId: 5, name: '张小明', relation: 'O' as const },
      { familyId: 8, name: '李芳', relation: 'M' as const },
    ];
    expect(familyChoices(archive)).toEqual([
      { familyId: 5, name: '张小明', relationLabel: '其他' },
      { familyId: 8, name: '李芳', relationLabel: '母亲' },
    ]);
  });

  it('offers nobody without a family', () => {
    expect(familyChoices([])).toEqual([]);
  });
});
