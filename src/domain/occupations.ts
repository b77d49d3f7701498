/**
 * The occupations the onboarding step offers (compliance screens a customer's expected activity by them), in
 * English: the text the remitter record keeps, as the customer's own words are kept when they choose "Other".
 */
export const OCCUPATIONS = [
  'Healthcare worker',
  'Care worker',
  'Teacher or education worker',
  'Driver or transport worker',
  'Cleaner or domestic worker',
  'Shop or retail worker',
  'Restaurant or hotel worker',
  'Construction or trades worker',
  'Factory or warehouse worker',
  'Office or administrative worker',
  'Engineer or IT professional',
  'Self-employed or business owner',
  'Student',
  'Retired',
  'Not working',
] as const;

export type Occupation = (typeof OCCUPATIONS)[number];
