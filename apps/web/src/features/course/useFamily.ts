import * as member from '@venue/contract/member';
import { useApiQuery } from '@/lib/query';

/** A family member on a member's archive as the enrolment form offers them. */
export interface FamilyOption {
  familyId: number;
  name: string;
  relationLabel: string;
}
type ArchiveRow = { familyId: number; name: string; relation: keyof typeof member.FAMILY_RELATION_LABELS };

/** Who of a member's family can be enrolled: the archive's rows, except 本人 (the member is offered as themselves). */
export const familyChoices = (rows: readonly ArchiveRow[]): FamilyOption[] =>
  rows.filter((f) => f.relation !== 'S').map((f) => ({ familyId: f.familyId, name: f.name, relationLabel: member.FAMILY_RELATION_LABELS[f.relation] }));

/** A member's family as the enrolment form offers it (see familyChoices). */
export function useFamily(memberId: number | null): FamilyOption[] {
  const archive = useApiQuery(member.memberById, { params: { id: memberId ?? 0 } }, { enabled: Boolean(memberId) });
  return memberId ? familyChoices(archive.data?.family ?? []) : [];
}
