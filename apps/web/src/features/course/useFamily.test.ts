import { describe, expect, it } from 'vitest';
import { familyChoices } from './useFamily';

describe("a member's family on the enrolment form", () => {
  it('offers the archive rows the server names, and the family members enrolled before', () => {
    const archive = [
      { name: '张三', relation: 'S' as const },
      { name: '张小明', relation: 'O' as const },
      { name: '张小红', relation: 'O' as const, familyId: 8 },
      { name: '李芳', relation: 'M' as const },
    ];
    const enrolments = [
      { familyId: 5, studentName: '张小明' },
      { familyId: null, studentName: '张三' },
      { familyId: 5, studentName: '张小明' },
    ];
    expect(familyChoices(archive, enrolments)).toEqual({
      options: [
        { familyId: 8, name: '张小红', relationLabel: '其他' },
        { familyId: 5, name: '张小明', relationLabel: '其他' },
      ],
      unnamed: ['李芳'],
    });
  });

  it('offers nobody without a family', () => {
    expect(familyChoices([], [{ familyId: null, studentName: '张三' }])).toEqual({ options: [], unnamed: [] });
  });
});
