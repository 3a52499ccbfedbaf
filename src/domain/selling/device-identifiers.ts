/**
 * The identifiers an inspection records for a device: a phone's, tablet's or watch's IMEI and any
 * other device's serial number. They are what a blocked-device lookup and a later warranty claim
 * are matched on, so only well-formed ones are kept, in one spelling.
 */

/** The IMEI as digits only: labels and settings screens print it with spaces or dashes ("49-015420-323751-8"). */
export function normalizeImei(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/**
 * Exactly 15 digits whose last is the Luhn check digit of the other 14. The check digit catches
 * a mistyped or transposed digit, so a typo does not slip past the blocked-device lookup.
 */
export function isValidImei(value: string): boolean {
  if (!/^\d{15}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let digit = value.charCodeAt(i) - 48;
    // From the right, every second digit is doubled; the check digit itself (position 15) is not.
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A serial number as it is stored: manufacturers print it in capitals, people type it in any case. */
export function normalizeSerial(value: string): string {
  return value.trim().toUpperCase();
}

/** 4 to 40 capital letters, digits and dashes: what manufacturers print, and nothing a lookup would trip over. */
export function isValidSerial(value: string): boolean {
  return /^[A-Z0-9-]{4,40}$/.test(value);
}
