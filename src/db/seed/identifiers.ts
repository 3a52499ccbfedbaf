/** EAN-13 / ISBN-13 check digit: weights 1,3,1,3… over the first twelve digits. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`need 12 digits, got "${first12}"`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** A unique EAN-13 per product: a 3-digit prefix, the id in nine digits, the check digit. */
export function ean13(prefix: string, productId: number): string {
  const body = `${prefix}${String(productId).padStart(9, "0")}`;
  return `${body}${ean13CheckDigit(body)}`;
}

/** A unique ISBN-13 per product in the 978 range: 978, the group digit, the id in eight digits. */
export function isbn13(group: "1" | "3", productId: number): string {
  const body = `978${group}${String(productId).padStart(8, "0")}`;
  return `${body}${ean13CheckDigit(body)}`;
}

const ASIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Amazon-style identifier "B0" + eight characters, derived from the product id so it is unique. */
export function asin(productId: number): string {
  // Scramble the id (an odd multiplier mod 36^8 is a bijection) so neighbours do not look alike.
  let n = (BigInt(productId) * 1_777_777_777n) % 36n ** 8n;
  let out = "";
  for (let i = 0; i < 8; i++) {
    out = ASIN_CHARS[Number(n % 36n)] + out;
    n /= 36n;
  }
  return `B0${out}`;
}
