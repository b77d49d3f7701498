import sharp from 'sharp';
import { expect } from 'vitest';
/** The largest difference of any channel of any pixel between two pictures of the same size (0: the same picture). */
export async function pictureDifference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [left, right] = await Promise.all(
    [a, b].map((bytes) => sharp(bytes).raw().toBuffer({ resolveWithObject: true })),
  );
  if (!left || !right) throw new Error('two pictures');
  expect([right.info.width, right.info.height]).toEqual([left.info.width, left.info.height]);
  let most = 0;
  for (let i = 0; i < left.data.length; i += 1)
    most = Math.max(most, Math.abs((left.data[i] ?? 0) - (right.data[i] ?? 0)));
  return most;
}
