/** The product's name: a proper noun, never translated. */
export const BRAND_NAME = 'Sarraf';
