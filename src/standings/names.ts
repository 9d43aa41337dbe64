// Player names as people write them: one person under several spellings is one player.

/** Unicode NFKC, case-folded, spaces trimmed and runs of white space made one. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** Other names (a site login, a nickname) mapped to the name a player is listed under. */
export class Aliases {
  private readonly byKey = new Map<string, string>();
  /** Names as written, resolved once each: an archive names each player in many matches. */
  private readonly resolved = new Map<string, { key: string; shown: string }>();

  constructor(pairs: Iterable<readonly [alias: string, name: string]> = []) {
    for (const [alias, name] of pairs) this.byKey.set(nameKey(alias), name.trim());
  }

  /** The key and the name shown for a name as written. */
  resolve(name: string): { key: string; shown: string } {
    const known = this.resolved.get(name);
    if (known !== undefined) return known;
    const listed = this.byKey.get(nameKey(name));
    const shown = listed ?? name.trim().replace(/\s+/g, ' ');
    const found = { key: nameKey(shown), shown };
    this.resolved.set(name, found);
    return found;
  }
}
