import { type Infer, nullable, object, string } from './structs.ts';

/** A customer's home address as the API answers it (in the remitter and in the user's data). */
export const Address = object({ street: string(), city: string(), postcode: string(), province: nullable(string()) });
export type Address = Infer<typeof Address>;
