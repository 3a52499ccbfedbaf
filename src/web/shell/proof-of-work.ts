import { searchSolution } from "../../domain/protection/verification.ts";

export interface SolvedChallenge {
  challenge: string;
  solution: number;
  solvedAt: number;
}

/** Hashes tried between two yields to the browser, so the page stays responsive while it works. */
const SLICE = 4_000;

/** Fetches a challenge issued to this browser and solves it in slices. */
export async function solveChallenge(signal: AbortSignal): Promise<SolvedChallenge> {
  const response = await fetch("/api/verification/challenge", { cache: "no-store", signal });
  if (!response.ok) throw new Error(`challenge: HTTP ${response.status}`);
  const { challenge, difficulty } = (await response.json()) as { challenge: string; difficulty: number };
  for (let from = 0; ; from += SLICE) {
    const solution = searchSolution(challenge, difficulty, from, SLICE);
    if (solution !== undefined) return { challenge, solution, solvedAt: Date.now() };
    await new Promise((resolve) => setTimeout(resolve, 0));
    signal.throwIfAborted();
  }
}
