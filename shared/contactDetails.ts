/**
 * Whether free text looks like a person's contact details: an e-mail address, or a phone number
 * (9 to 15 digits, E.164's longest, in one run with the spaces, dots, dashes, slashes and
 * brackets people write them with). Tracking events must never carry them to Meta: the relay
 * refuses the event, and the browser leaves such query parameters out of the page's URL
 * (docs/tracking-privacy.md). Shorter digit runs (dates, years, prices) pass.
 */
const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[a-z]{2,}/i;
const PHONE = /(?:\+|\b)\d(?:[\s()./-]{0,3}\d){8,14}\b/;

/** Whether `text` holds an e-mail address. URLs are checked for this alone: their ids and timestamps are long digit runs. */
export const hasEmailAddress = (text: string) => EMAIL.test(text);

/** What the text seems to hold, or undefined when it is neither. */
export function contactDetailsIn(text: string): "an e-mail address" | "a phone number" | undefined {
  if (EMAIL.test(text)) return "an e-mail address";
  if (PHONE.test(text)) return "a phone number";
  return undefined;
}
