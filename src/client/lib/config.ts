/** Where "Support" leads; Sarraf's own support page unless VITE_SUPPORT_URL names a deployment's help centre. */
export const SUPPORT_URL: string = import.meta.env.VITE_SUPPORT_URL || '/support';

/** Where customers write to support (the loader's "confirming your transfer" message links to it). */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@sarraf.example';
