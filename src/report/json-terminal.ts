// JSON as a terminal shows it. JSON.stringify escapes the C0 control characters (ESC among them)
// but writes DEL, the C1 controls (U+009B is a CSI, as ESC [ is), the bidi controls and the line
// and paragraph separators as they are: on a terminal they move the cursor or reorder the line.
// They are the characters the text format escapes (escape.ts). Outside strings JSON is ASCII, so
// each is inside a string, where its `\u` escape means the same character: the JSON read from the
// terminal is the same JSON.

const RAW = /[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `text`, JSON or NDJSON, with every character a terminal would act on written as its `\u` escape. */
export function jsonForTerminal(text: string): string {
  return text.replace(RAW, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
