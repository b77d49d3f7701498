/** Sends the browser to the bank-ID provider's page (a test passes a fake). */
export type LeaveFor = (url: string) => void;
export const leaveApp: LeaveFor = (url) => window.location.assign(url);
