/** Where "Support" leads; set VITE_SUPPORT_URL at build time for a deployment's own help centre. */
export const SUPPORT_URL: string = import.meta.env.VITE_SUPPORT_URL || 'https://help.sarraf.example/contact';
