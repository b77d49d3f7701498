import { deflateSync } from 'node:zlib';

/** Small, well-formed document files built byte by byte, and broken ones made from them. */

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const segment = (marker: number, body: number[]) => [0xff, marker, ...u16(body.length + 2), ...body];
const ascii = (text: string) => [...Buffer.from(text, 'latin1')];

/** What the camera wrote about the customer: the place (GPS), the owner and a note. */
export const PERSONAL_METADATA = {
  latitude: [59, 19, 4572],
  owner: 'Amina Hassan',
  note: 'taken at 1 Deansgate',
} as const;

const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
/** One 12-byte TIFF directory entry (big-endian): tag, type, count and the value or its offset. */
const entry = (tag: number, type: number, count: number, value: number[]) => [
  ...u16(tag),
  ...u16(type),
  ...u32(count),
  ...value,
  ...Array(4 - value.length).fill(0),
];

/** An Exif block as cameras write it: a TIFF header, IFD0 naming the owner and pointing at a GPS IFD with the latitude. */
export function exifWithGps(): number[] {
  const owner = ascii(`${PERSONAL_METADATA.owner}\0`);
  // layout: header (8) | IFD0: 2 entries (2 + 24 + 4) | owner | GPS IFD: 2 entries (2 + 24 + 4) | 3 rationals
  const ownerAt = 8 + 30;
  const gpsAt = ownerAt + owner.length;
  const latitudeAt = gpsAt + 30;
  return [
    ...ascii('MM\0*'),
    ...u32(8),
    ...u16(2),
    ...entry(0xa430, 2, owner.length, u32(ownerAt)), // CameraOwnerName
    ...entry(0x8825, 4, 1, u32(gpsAt)), // GPSInfo
    ...u32(0),
    ...owner,
    ...u16(2),
    ...entry(0x0001, 2, 2, ascii('N\0')), // GPSLatitudeRef
    ...entry(0x0002, 5, 3, u32(latitudeAt)), // GPSLatitude
    ...u32(0),
    ...PERSONAL_METADATA.latitude.flatMap((n) => [...u32(n), ...u32(n === 4572 ? 100 : 1)]),
  ];
}

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="${PERSONAL_METADATA.owner}"/></rdf:RDF></x:xmpmeta>`;

/** The picture: tables, frame, one scan holding `extra` (a Buffer, as it may be megabytes) and the end of the image. */
const jpegPicture = (extra: string) =>
  Buffer.concat([
    Buffer.from([
      ...segment(0xdb, [0, ...Array(64).fill(1)]),
      ...segment(0xc0, [8, ...u16(1), ...u16(1), 1, 1, 0x11, 0]),
      ...segment(0xda, [1, 1, 0, 0, 63, 0]),
      0x12,
      0x34,
    ]),
    Buffer.from(extra, 'latin1'),
    Buffer.from([0xff, 0xd9]),
  ]);

/**
 * A 1×1 JPEG as a phone writes it: JFIF, an Exif segment with a GPS block,
 * XMP and a comment, `extra` inside its picture data, and (`appended`) a
 * second picture with its own Exif after the end of the first, as phones
 * append a preview. Without `metadata`, the same picture as the upload
 * should keep it.
 */
export function jpeg({
  extra = '',
  appended = false,
  metadata = true,
}: {
  extra?: string;
  appended?: boolean;
  metadata?: boolean;
} = {}): Buffer {
  const personal = [
    ...segment(0xe1, [...ascii('Exif\0\0'), ...exifWithGps()]),
    ...segment(0xe1, [...ascii('http://ns.adobe.com/xap/1.0/\0'), ...ascii(XMP)]),
    ...segment(0xfe, ascii(PERSONAL_METADATA.note)),
  ];
  const preview = [0xff, 0xd8, ...segment(0xe1, [...ascii('Exif\0\0'), ...exifWithGps()]), ...jpegPicture('')];
  return Buffer.concat([
    Buffer.from([
      0xff,
      0xd8,
      ...segment(0xe0, [...ascii('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
      ...(metadata ? personal : []),
    ]),
    jpegPicture(extra),
    Buffer.from(appended ? preview : []),
  ]);
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/**
 * A 1×1 grey PNG with text, XMP, Exif (with its GPS block), time and a
 * private chunk; without `metadata`, the same picture as the upload should keep it.
 */
export function png({ metadata = true }: { metadata?: boolean } = {}): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  const personal = [
    chunk('tEXt', Buffer.from(`Author\0${PERSONAL_METADATA.owner}`, 'latin1')),
    chunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${XMP}`, 'latin1')),
    chunk('eXIf', Buffer.from(exifWithGps())),
    chunk('tIME', Buffer.from([0x07, 0xea, 11, 24, 1, 2, 3])),
    chunk('prIv', Buffer.from(PERSONAL_METADATA.note, 'latin1')),
  ];
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(metadata ? personal : []),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF showing `text`, padded to `size` bytes when given. */
export function pdf(text = 'Council tax bill, 1 Deansgate', size = 0): Buffer {
  const head = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\n`;
  const pad = Math.max(0, size - head.length - 40);
  return Buffer.from(`${head}${'%'.repeat(pad)}\ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n`, 'latin1');
}
