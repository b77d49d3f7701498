import { describe, expect, it } from 'vitest';
import { ON_DEMAND_FILE } from '../../src/domain/precache-files.ts';

describe('the files left out of the precache', () => {
  it('are the on-demand chunks (Adyen Web, the PDF writer, Onfido’s Web SDK loader and its facades), never a screen', () => {
    for (const file of [
      'assets/adyen-web-Cx1.js',
      'assets/adyen-web-Cx1.css',
      'assets/pdf-D9k.js',
      'assets/onfido-D0Oe5HT8.js',
      'assets/Onfido-BPc_ylP9.js',
      'assets/onfido-capture-6JJyhK7T.js',
    ]) {
      expect(ON_DEMAND_FILE.test(file), file).toBe(true);
    }
    for (const file of [
      'assets/shell-DfMLrT-U.js',
      'assets/first-home-BpdExfFo.js',
      'assets/screens~verification~verification~profile~verification-tasks~onfido-capture-B0weUIys.js',
      'index.html',
    ]) {
      expect(ON_DEMAND_FILE.test(file), file).toBe(false);
    }
  });
});
