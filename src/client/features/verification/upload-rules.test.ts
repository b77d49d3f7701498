import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { checkFiles, serverFileErrors } from './upload-rules.ts';

const file = (bytes: number, type = 'image/jpeg') => new File([new Uint8Array(bytes)], 'f', { type });
const MB = 1024 * 1024;

describe('the upload rules checked before sending', () => {
  it('names each missing side of an identity document', () => {
    const errors = checkFiles('identity', ['scan1', 'scan2', 'selfie'], { scan1: [file(10)] });
    expect(Object.keys(errors)).toEqual(['scan2', 'selfie']);
  });

  it('refuses a declared type other than a photo or PDF, and a file over the kind’s size', () => {
    expect(checkFiles('address', ['scan1'], { scan1: [file(10, 'image/gif')] }).scan1).toBeDefined();
    expect(checkFiles('address', ['scan1'], { scan1: [file(4 * MB + 1, 'application/pdf')] }).scan1).toBeDefined();
    expect(checkFiles('address', ['scan1'], { scan1: [file(4 * MB, 'application/pdf')] })).toEqual({});
    expect(checkFiles('source_of_funds', ['scans[]'], { 'scans[]': [file(0.46 * MB)] })['scans[]']).toBeDefined();
  });

  it('takes up to 10 source-of-funds files', () => {
    const files = (n: number) => ({ 'scans[]': Array.from({ length: n }, () => file(1000, 'application/pdf')) });
    expect(checkFiles('source_of_funds', ['scans[]'], files(10))).toEqual({});
    expect(checkFiles('source_of_funds', ['scans[]'], files(11))['scans[]']).toBeDefined();
  });

  it('puts the server’s refusal of a file on its field, and leaves other failures to the form', () => {
    const failure = (type: string, message: string, path: string | null) =>
      new ApiFailure(415, 'req-1', [{ type, message, propertyPath: path }]);
    expect(serverFileErrors(failure('UnsupportedMediaType', 'Only…', 'scan1'), 'identity')).toHaveProperty('scan1');
    expect(serverFileErrors(failure('PayloadTooLarge', 'Each file…', 'scans[]'), 'source_of_funds')).toHaveProperty(
      'scans[]',
    );
    // an identity document goes in SPEC's shape: its file fields come back by their SPEC names
    const guid = '0b6e7a4c-3c1d-4f5e-9a7b-2d8c6e1f0a93';
    expect(
      serverFileErrors(failure('UnsupportedMediaType', 'Only…', `files[${guid}][back_image]`), 'identity'),
    ).toHaveProperty('scan2');
    // a PDF refused for its active content: the server's words, as a message the catalogs translate
    const active =
      'This PDF has a password, scripts, forms, attachments or actions, which we cannot accept. Print it to a new PDF or upload a photo of it instead.';
    expect(serverFileErrors(failure('ValidationFailed', active, 'scan1'), 'address')?.scan1).toMatchObject({
      message: active,
    });
    expect(serverFileErrors(failure('InvalidTransition', 'Not asked for', null), 'identity')).toBeNull();
    expect(serverFileErrors(failure('ValidationFailed', 'The type field is invalid', 'type'), 'identity')).toBeNull();
  });
});
