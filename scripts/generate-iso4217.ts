/**
 * Writes src/domain/iso4217.ts: every active ISO 4217 currency
 * code and its minor units (the number of digits after the decimal point),
 * read from ISO 4217 "List One" as the ISO maintenance agency publishes it
 * (list_one.xml, shipped verbatim in the `currency-codes` package). The file is
 * committed and is the one table of currency exponents for domain, server and
 * client; rerun this when that package brings a newer list:
 *   npx tsx scripts/generate-iso4217.ts
 * tests/domain/currency-exponents.test.ts fails while the committed file
 * differs from what this script would write.
 */
import { writeFileSync } from 'node:fs';
import { iso4217MinorUnitsFrom, iso4217Module, readIso4217ListOne } from './iso4217-list-one.ts';

const { published, xml } = readIso4217ListOne();
const table = iso4217MinorUnitsFrom(xml);
writeFileSync('src/domain/iso4217.ts', iso4217Module(published, table));
console.log(`${Object.keys(table).length} currencies from ISO 4217 List One of ${published} written`);
