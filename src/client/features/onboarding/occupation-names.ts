import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Occupation } from '../../../domain/occupations.ts';

/** Each offered occupation in the customer's language; the English name is what is saved. */
export const OCCUPATION_NAMES: Readonly<Record<Occupation, MessageDescriptor>> = {
  'Healthcare worker': msg`Healthcare worker`,
  'Care worker': msg`Care worker`,
  'Teacher or education worker': msg`Teacher or education worker`,
  'Driver or transport worker': msg`Driver or transport worker`,
  'Cleaner or domestic worker': msg`Cleaner or domestic worker`,
  'Shop or retail worker': msg`Shop or retail worker`,
  'Restaurant or hotel worker': msg`Restaurant or hotel worker`,
  'Construction or trades worker': msg`Construction or trades worker`,
  'Factory or warehouse worker': msg`Factory or warehouse worker`,
  'Office or administrative worker': msg`Office or administrative worker`,
  'Engineer or IT professional': msg`Engineer or IT professional`,
  'Self-employed or business owner': msg`Self-employed or business owner`,
  Student: msg`Student`,
  Retired: msg`Retired`,
  'Not working': msg`Not working`,
};
