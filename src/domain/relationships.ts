/**
 * How the sender is related to a recipient. SPEC §3 names the field but not
 * its values; these are the ones remittance compliance forms ask for.
 */
export const RELATIONSHIPS = [
  'self',
  'spouse',
  'parent',
  'child',
  'sibling',
  'other_family',
  'friend',
  'business',
] as const;

export type Relationship = (typeof RELATIONSHIPS)[number];

/** English names, the source text of their translations. */
export const RELATIONSHIP_NAMES: Readonly<Record<Relationship, string>> = {
  self: 'Myself',
  spouse: 'Spouse or partner',
  parent: 'Parent',
  child: 'Child',
  sibling: 'Brother or sister',
  other_family: 'Other family member',
  friend: 'Friend',
  business: 'Business partner',
};
