/**
 * Display names (a seat's, a spectator's in the chat): how the server cleans one and why it
 * refuses one. `DisplayNameSchema` applies these; a client checks a name with the same two
 * before offering to send it (zod-free: exported by `@belote/protocol/client` too).
 */

export const NAME_MAX_CHARS = 24;

/** Every space separator (U+00A0 and U+202F that phones and French keyboards type, U+3000, …). */
const SPACES = /\p{Zs}+/gu;
/** The apostrophes a phone types for ' (iOS's smart punctuation: ’; the modifier letter ʼ): N’Diaye is N'Diaye. */
const APOSTROPHES = /[\u2019\u02bc]/gu;
const ALLOWED = /^[\p{L}\p{N}\p{M} .'_-]*$/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The name as it is kept and shown: NFC, each run of spaces one plain space, typed apostrophes ', trimmed. */
export function cleanDisplayName(raw: string): string {
  return raw.normalize('NFC').replace(SPACES, ' ').replace(APOSTROPHES, "'").trim();
}

/** Each reason a name is refused, as the server words it (a client says each in its reader's language). */
export const NAME_PROBLEMS = {
  empty: 'name is empty',
  long: `name is longer than ${NAME_MAX_CHARS} characters`,
  chars: "name may hold letters, digits, spaces and . ' _ -",
  letter: 'name must hold a letter or a digit',
} as const;
export type NameProblem = keyof typeof NAME_PROBLEMS;

/** Which rule a cleaned name breaks (the first that applies), or null. */
export function displayNameIssue(name: string): NameProblem | null {
  if (name === '') return 'empty';
  // code points, as the chat counts: an astral letter is one character
  if ([...name].length > NAME_MAX_CHARS) return 'long';
  if (!ALLOWED.test(name)) return 'chars';
  // punctuation or marks alone would show as no name at all
  if (!LETTER_OR_DIGIT.test(name)) return 'letter';
  return null;
}

/** Why a cleaned name is refused (one reason, the first that applies), or null. */
export function displayNameProblem(name: string): string | null {
  const issue = displayNameIssue(name);
  return issue && NAME_PROBLEMS[issue];
}
