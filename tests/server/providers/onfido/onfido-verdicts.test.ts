import type { Report } from '@onfido/api';
import { describe, expect, it } from 'vitest';
import {
  databaseVerdict,
  documentVerdict,
  ONFIDO_REFUSALS,
  watchlistVerdict,
} from '../../../../src/server/providers/onfido/onfido-verdicts.ts';

const report = (name: Report['name'], fields: Partial<Report> = {}) =>
  ({ id: `rep_${name}`, name, status: 'complete', result: 'clear', sub_result: 'clear', ...fields }) as Report;

describe("Onfido's reports as SPEC §4 verdicts", () => {
  it('passes a document check only when both reports are complete and clear', () => {
    expect(documentVerdict([report('document'), report('facial_similarity_photo')])).toEqual({ outcome: 'passed' });
    // a manual review at Onfido, or a report missing, leaves it pending
    expect(
      documentVerdict([report('document', { status: 'awaiting_approval' }), report('facial_similarity_photo')]),
    ).toEqual({ outcome: 'pending' });
    expect(documentVerdict([report('document')])).toEqual({ outcome: 'pending' });
  });

  it('fails a document to consider with the reason its sub-result gives, the document before the selfie', () => {
    const consider = (sub: Report['sub_result']) =>
      documentVerdict([
        report('document', { result: 'consider', sub_result: sub }),
        report('facial_similarity_photo', { result: 'consider' }),
      ]);
    expect(consider('caution')).toEqual({ outcome: 'failed', reason: ONFIDO_REFUSALS.documentCaution });
    expect(consider('suspected')).toEqual({ outcome: 'failed', reason: ONFIDO_REFUSALS.documentSuspected });
    expect(consider('rejected')).toEqual({ outcome: 'failed', reason: ONFIDO_REFUSALS.documentRejected });
    expect(
      documentVerdict([report('document'), report('facial_similarity_photo', { result: 'unidentified' })]),
    ).toEqual({ outcome: 'failed', reason: ONFIDO_REFUSALS.faceMismatch });
  });

  it('takes a watchlist report to consider, or of an unknown result, as a hit; clear as none', () => {
    expect(watchlistVerdict([report('watchlist_standard')])).toEqual({ hit: false });
    expect(watchlistVerdict([report('watchlist_standard', { result: 'consider' })])).toEqual({ hit: true });
    expect(watchlistVerdict([report('watchlist_standard', { result: '11184809' })])).toEqual({ hit: true });
    expect(watchlistVerdict([report('watchlist_standard', { status: 'awaiting_data' })])).toBeUndefined();
  });

  it("reads an Identity Enhanced report's breakdown as the database check's identity and address, confirming nothing unsaid", () => {
    const enhanced = (breakdown: object, fields: Partial<Report> = {}) =>
      databaseVerdict([report('identity_enhanced', { breakdown, ...fields } as Partial<Report>)]);
    const clear = { result: 'clear' };
    expect(enhanced({ date_of_birth: clear, address: clear, mortality: clear })).toEqual({
      identity: true,
      address: true,
    });
    expect(enhanced({ date_of_birth: clear, address: { result: 'consider' } })).toEqual({
      identity: true,
      address: false,
    });
    expect(enhanced({ date_of_birth: clear, address: clear, mortality: { result: 'consider' } })).toEqual({
      identity: false,
      address: true,
    });
    // a breakdown missing or of another state confirms nothing, whatever the overall result
    expect(enhanced({})).toEqual({ identity: false, address: false });
    expect(enhanced({ date_of_birth: { result: '11184809' }, address: {} })).toEqual({
      identity: false,
      address: false,
    });
    expect(enhanced({ date_of_birth: clear, address: clear }, { status: 'awaiting_data' })).toBeUndefined();
    expect(databaseVerdict([report('watchlist_standard')])).toBeUndefined();
  });
});
