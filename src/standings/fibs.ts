// The FIBS rating formula, as FIBS's `help formula` gives it. Every player starts at a rating
// (1500) and experience 0. For an n-point match between players whose ratings differ by D, the
// underdog wins with probability P_upset = 1 / (10^(D·√n / 2000) + 1); the winner gains and the
// loser loses 4·K·√n·P, with P = 1 − P_upset when the underdog wins and P_upset when the favourite
// does, and each player's K = max(1, 5 − experience / 100) from their own experience before the
// match. Experience then grows by n. (MacFIBS's glossary counts the current match in the
// experience first; this is FIBS's own order.)

export interface Rated {
  rating: number;
  experience: number;
}

/** The underdog's chance of winning an n-point match against a favourite rated `difference` higher. */
export function upsetProbability(difference: number, length: number): number {
  return 1 / (10 ** ((Math.abs(difference) * Math.sqrt(length)) / 2000) + 1);
}

export function kFactor(experience: number): number {
  return Math.max(1, 5 - experience / 100);
}

/** Both players after the winner beat the loser in an n-point match. */
export function afterMatch(winner: Rated, loser: Rated, length: number): { winner: Rated; loser: Rated } {
  const upset = upsetProbability(winner.rating - loser.rating, length);
  // Equal ratings: either reading gives one half.
  const p = winner.rating < loser.rating ? 1 - upset : upset;
  const root = Math.sqrt(length);
  return {
    winner: {
      rating: winner.rating + 4 * kFactor(winner.experience) * root * p,
      experience: winner.experience + length,
    },
    loser: { rating: loser.rating - 4 * kFactor(loser.experience) * root * p, experience: loser.experience + length },
  };
}
