/**
 * SPEC's error-reporting sample rates: every navigation's timing is traced
 * (traces 1); one session in ten sends its summary (sessions 0.1); every
 * session that met an error sends its summary too (on error 1).
 */
export const SAMPLE_RATES = { traces: 1, sessions: 0.1, onError: 1 } as const;
