/** Integers packed as PostgreSQL's int2send, int4send and int8send write them (big-endian): test data for the snapshot readers. */
function packed(values: number[], width: 2 | 4 | 8): Uint8Array {
  const bytes = new Uint8Array(values.length * width);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => (width === 2 ? view.setInt16(i * 2, v) : width === 4 ? view.setInt32(i * 4, v) : view.setBigInt64(i * 8, BigInt(v))));
  return bytes;
}
export const int2s = (values: number[]) => packed(values, 2);
export const int4s = (values: number[]) => packed(values, 4);
export const int8s = (values: number[]) => packed(values, 8);
