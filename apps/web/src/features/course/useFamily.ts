import { member } from '@venue/contract';
import { useApiQuery } from '@/lib/query';

/** A family member on a member's archive as the enrolment form offers them. */
export interface FamilyOption {
  familyId: number;
  name: string;
  relationLabel: string;
}

/**
 * The family members on a member's archive who can be enrolled (a child on a parent's archive). Only
 * rows the server names by id can be enrolled (the enrolment refers to the family row).
 */
export function useFamily(memberId: number | null) {
  const archive = useApiQuery(member.memberById, { params: { id: memberId ?? 0 } }, { enabled: Boolean(memberId) });
  const rows: FamilyOption[] = memberId
    ? (archive.data?.family ?? []).flatMap((f) => {
        const familyId = (f as { familyId?: number }).familyId;
        return familyId ? [{ familyId, name: f.name, relationLabel: member.FAMILY_RELATION_LABELS[f.relation] }] : [];
      })
    : [];
  return { rows, loading: archive.isLoading };
}
