import { course, member, type Enrolment } from '@venue/contract';
import { useApiQuery } from '@/lib/query';

/** A family member on a member's archive as the enrolment form offers them. */
export interface FamilyOption {
  familyId: number;
  name: string;
  relationLabel: string;
}
type ArchiveRow = { name: string; relation: keyof typeof member.FAMILY_RELATION_LABELS; familyId?: number };

/**
 * Who of a member's family can be enrolled, and who cannot yet. An enrolment names the family row by
 * its id: the archive's rows carry one when the server sends it, and the member's earlier enrolments of
 * a family member carry theirs (matched to the archive by name for the relation). A family member on
 * the archive with neither is listed in `unnamed`.
 */
export function familyChoices(rows: readonly ArchiveRow[], enrolments: readonly Pick<Enrolment, 'familyId' | 'studentName'>[]) {
  // A row of relation 本人 is the member: they are offered as themselves.
  const archive = rows.filter((f) => f.relation !== 'S');
  const options = new Map<number, FamilyOption>();
  const label = (name: string) => {
    const row = archive.find((f) => f.name === name);
    return row ? member.FAMILY_RELATION_LABELS[row.relation] : '家庭成员';
  };
  for (const f of archive) if (f.familyId) options.set(f.familyId, { familyId: f.familyId, name: f.name, relationLabel: label(f.name) });
  for (const e of enrolments)
    if (e.familyId && !options.has(e.familyId)) options.set(e.familyId, { familyId: e.familyId, name: e.studentName, relationLabel: label(e.studentName) });
  const named = new Set([...options.values()].map((o) => o.name));
  return { options: [...options.values()], unnamed: archive.filter((f) => !named.has(f.name)).map((f) => f.name) };
}

/** A member's family as the enrolment form offers it (see familyChoices). */
export function useFamily(memberId: number | null) {
  const enabled = Boolean(memberId);
  const archive = useApiQuery(member.memberById, { params: { id: memberId ?? 0 } }, { enabled });
  const earlier = useApiQuery(course.enrolmentQuery, { query: { memberId: memberId ?? undefined, current: 1, size: 100 } }, { enabled });
  if (!memberId) return { options: [], unnamed: [] };
  return familyChoices(archive.data?.family ?? [], earlier.data?.records ?? []);
}
