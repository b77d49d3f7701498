import { parseDecimal } from '../../../domain/decimal.ts';
import type { EuroReferenceRates } from '../../../domain/disclosures.ts';

/** The namespaces the ECB's daily table is published in: the GESMES envelope, and the euro reference rates' vocabulary. */
const ECB_NAMESPACES = {
  gesmes: 'http://www.gesmes.org/xml/2002-08-01',
  eurofxref: 'http://www.ecb.int/vocabulary/2002-08-01/eurofxref',
} as const;

interface Element {
  name: string;
  attributes: Map<string, string>;
  children: Element[];
  text: string;
}

const NAME = '[A-Za-z_][\\w.-]*(?::[A-Za-z_][\\w.-]*)?';
const ATTRIBUTE = new RegExp(`\\s+(${NAME})\\s*=\\s*(?:'([^'<&]*)'|"([^"<&]*)")`, 'gy');
const TAG = new RegExp(`<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:'[^'<&]*'|"[^"<&]*"))*)\\s*(/?)>`, 'y');
const DECLARATION = /^\uFEFF?<\?xml\s[^?]*\?>/;

/**
 * The document's elements, read strictly: tags, attributes in either quote
 * and text, nothing else (no comments, entities, CDATA or processing
 * instructions, which the ECB's table never has). Throws on anything else,
 * or on tags that do not nest.
 */
function elementsOf(xml: string): Element {
  const body = xml.replace(DECLARATION, '');
  const root: Element = { name: '', attributes: new Map(), children: [], text: '' };
  const open: Element[] = [root];
  let at = 0;
  while (at < body.length) {
    const next = body.indexOf('<', at);
    const text = body.slice(at, next < 0 ? body.length : next);
    if (text.includes('&') || text.includes('>')) throw new Error('the table has markup it should not');
    (open.at(-1) as Element).text += text;
    if (next < 0) break;
    TAG.lastIndex = next;
    const tag = TAG.exec(body);
    if (!tag) throw new Error(`the table has an unreadable tag at ${next}`);
    const [whole, closing, name = '', attributeText = '', selfClosing] = tag;
    at = next + whole.length;
    if (closing) {
      if (selfClosing || attributeText || open.length < 2 || open.at(-1)?.name !== name) {
        throw new Error(`the table closes ${name} where it is not open`);
      }
      open.pop();
      continue;
    }
    const attributes = new Map<string, string>();
    for (const [, key = '', single, double] of attributeText.matchAll(ATTRIBUTE)) {
      if (attributes.has(key)) throw new Error(`the table repeats the attribute ${key}`);
      attributes.set(key, single ?? double ?? '');
    }
    const element: Element = { name, attributes, children: [], text: '' };
    (open.at(-1) as Element).children.push(element);
    if (!selfClosing) open.push(element);
  }
  if (open.length !== 1) throw new Error('the table ends before its elements are closed');
  if (root.text.trim() !== '' || root.children.length !== 1) throw new Error('the table is not one document');
  return root.children[0] as Element;
}

const only = (parent: Element, name: string): Element => {
  const found = parent.children.filter((child) => child.name === name);
  if (found.length !== 1) throw new Error(`the table has ${found.length} ${name} in ${parent.name}, not one`);
  return found[0] as Element;
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const isDay = (value: string) => {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/**
 * The ECB's daily euro reference rates (`eurofxref-daily.xml`) as exact
 * decimals: a GESMES `Envelope` in the ECB's namespaces whose `Cube` holds
 * one `Cube time='YYYY-MM-DD'` of `Cube currency='USD' rate='1.0547'`
 * elements, units of each currency one euro buys. Anything else (another
 * document, another structure, a rate that is no positive decimal, a
 * currency twice, no rate at all) throws: a table is taken whole or not at all.
 */
export function parseEcbDailyTable(xml: string): EuroReferenceRates {
  const envelope = elementsOf(xml);
  if (
    envelope.name !== 'gesmes:Envelope' ||
    envelope.attributes.get('xmlns:gesmes') !== ECB_NAMESPACES.gesmes ||
    envelope.attributes.get('xmlns') !== ECB_NAMESPACES.eurofxref
  ) {
    throw new Error("the document is not the ECB's GESMES envelope of euro reference rates");
  }
  if (envelope.text.trim() !== '') throw new Error('the envelope holds text');
  const day = only(only(envelope, 'Cube'), 'Cube');
  const date = day.attributes.get('time') ?? '';
  if (!isDay(date)) throw new Error(`the table's day is not a date: '${date}'`);
  if (day.text.trim() !== '') throw new Error("the day's Cube holds text");
  const perEuro: Record<string, string> = {};
  for (const rate of day.children) {
    const currency = rate.attributes.get('currency') ?? '';
    const value = rate.attributes.get('rate') ?? '';
    if (rate.name !== 'Cube' || rate.children.length > 0 || rate.text.trim() !== '' || rate.attributes.size !== 2) {
      throw new Error(`the day's Cube holds something other than rates: ${rate.name}`);
    }
    if (!/^[A-Z]{3}$/.test(currency) || currency === 'EUR') throw new Error(`'${currency}' is not a currency code`);
    if (Object.hasOwn(perEuro, currency)) throw new Error(`${currency} is given twice`);
    if (!/^\d+(?:\.\d+)?$/.test(value) || parseDecimal(value).units === 0n) {
      throw new Error(`${currency}'s rate is not a positive decimal: '${value}'`);
    }
    perEuro[currency] = value;
  }
  if (Object.keys(perEuro).length === 0) throw new Error('the table has no rates');
  return { date, perEuro };
}
